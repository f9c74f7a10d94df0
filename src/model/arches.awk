# Turns data/arches.csv into C: the table of per-arch limits compiled in.
BEGIN { FS = ","; print "/* Generated from data/arches.csv by src/arches.awk: do not edit. */"
	print "#include \"config.h\""; print "#include \"occupancy.h\""
	print "const struct arch_limits arch_limits_table[] = {" }
/^#/ || /^[ \t]*$/ { next }
$1 == "arch" { next }
NF != 13 { print "data/arches.csv:" NR ": expected 13 fields" > "/dev/stderr"; exit 1 }
$1 !~ /^sm_[0-9]+$/ { print "data/arches.csv:" NR ": bad arch " $1 > "/dev/stderr"; exit 1 }
{ printf "\t{ \"%s\"", $1; for (i = 2; i <= NF; i++) printf ", %d", $i; print " }," }
END { print "};"; print "const size_t arch_limits_count = sizeof arch_limits_table / sizeof arch_limits_table[0];" }
