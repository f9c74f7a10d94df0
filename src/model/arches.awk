# Turns data/arches.csv (the per-arch limits, then the GPU models) and
# data/toolkits.csv into C: the tables compiled in.  A header line names
# the table the rows after it belong to (arch,... / gpu,... / toolkit,...).
function cstr(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); return "\"" s "\"" }
function bad(msg) { print FILENAME ":" FNR ": " msg > "/dev/stderr"; failed = 1; exit 1 }
function close_table() { if (table != "") print "};" }
function open_table(t, decl) { close_table(); table = t; print decl }
BEGIN { FS = ","; print "/* Generated from data/arches.csv and data/toolkits.csv by src/model/arches.awk: do not edit. */"
	print "#include \"config.h\""; print "#include \"deploy.h\""; print "#include \"launch.h\""
	print "#include \"occupancy.h\"" }
/^#/ || /^[ \t]*$/ { next }
$1 == "arch" { if (NF != 15) bad("expected 15 fields"); open_table("arch", "const struct arch_limits arch_limits_table[] = {"); next }
$1 == "gpu" { if (NF != 4) bad("expected 4 fields"); open_table("gpu", "const struct gpu_model gpu_models[] = {"); next }
$1 == "toolkit" { if (NF != 4) bad("expected 4 fields"); open_table("toolkit", "const struct toolkit_driver toolkit_drivers[] = {"); next }
table == "arch" {
	if (NF != 15) bad("expected 15 fields")
	if ($1 !~ /^sm_[0-9]+$/) bad("bad arch " $1)
	printf "\t{ \"%s\"", $1; for (i = 2; i <= NF; i++) printf ", %d", $i; print " },"; narch++; next }
table == "gpu" {
	if (NF != 4) bad("expected 4 fields (no comma in a source)")
	if ($2 !~ /^sm_[0-9]+$/ || $3 !~ /^[0-9]+$/) bad("bad arch or SM count")
	printf "\t{ %s, %s, %d, %s },\n", cstr($1), cstr($2), $3, cstr($4); ngpu++; next }
table == "toolkit" {
	if (NF != 4) bad("expected 4 fields")
	if ($1 !~ /^[0-9]+\.[0-9]+$/ || $2 !~ /^[0-9]+\.[0-9]+$/) bad("bad version")
	split($2, isa, ".")
	printf "\t{ %s, %d, %d, %s, %s },\n", cstr($1), isa[1], isa[2], cstr($3), cstr($4); ntk++; next }
{ bad("a row before any header") }
END { if (failed) exit 1
	close_table()
	if (!narch || !ngpu || !ntk) { print "arches.awk: a table is missing" > "/dev/stderr"; exit 1 }
	print "const size_t arch_limits_count = sizeof arch_limits_table / sizeof arch_limits_table[0];"
	print "const size_t gpu_model_count = sizeof gpu_models / sizeof gpu_models[0];"
	print "const size_t toolkit_driver_count = sizeof toolkit_drivers / sizeof toolkit_drivers[0];" }
