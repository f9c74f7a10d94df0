# SPDX-License-Identifier: MIT
# Turns data/arches.csv (the per-arch limits, the GPU models, the AMD GPUs) and
# data/toolkits.csv into C: the tables compiled in.  A header line names
# the table the rows after it belong to (arch,... / gpu,... / amdgpu,... / toolkit,...).
function cstr(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); return "\"" s "\"" }
function bad(msg) { print FILENAME ":" FNR ": " msg > "/dev/stderr"; failed = 1; exit 1 }
function close_table() { if (table != "") print "};" }
function open_table(t, decl) { close_table(); table = t; print decl }
BEGIN { FS = ","; print "/* Generated from data/arches.csv and data/toolkits.csv by src/model/arches.awk: do not edit. */"
	print "#include \"config.h\""; print "#include <stdint.h>"; print "#include \"deploy.h\""; print "#include \"launch.h\""
	print "#include \"occupancy.h\"" }
/^#/ || /^[ \t]*$/ { next }
$1 == "arch" { if (NF != 15) bad("expected 15 fields"); open_table("arch", "const struct arch_limits arch_limits_table[] = {"); next }
$1 == "gpu" { if (NF != 4) bad("expected 4 fields"); open_table("gpu", "const struct gpu_model gpu_models[] = {"); next }
$1 == "amdgpu" { if (NF != 12) bad("expected 12 fields"); open_table("amdgpu", "const struct amd_limits amd_limits_table[] = {"); next }
$1 == "toolkit" { if (NF != 4) bad("expected 4 fields"); open_table("toolkit", "const struct toolkit_driver toolkit_drivers[] = {"); next }
table == "arch" {
	if (NF != 15) bad("expected 15 fields")
	if ($1 !~ /^sm_[0-9]+$/) bad("bad arch " $1)
	printf "\t{ \"%s\"", $1; for (i = 2; i <= NF; i++) printf ", %d", $i; print " },"; narch++; next }
table == "gpu" {
	if (NF != 4) bad("expected 4 fields (no comma in a source)")
	if ($2 !~ /^sm_[0-9]+$/ || $3 !~ /^[0-9]+$/) bad("bad arch or SM count")
	printf "\t{ %s, %s, %d, %s },\n", cstr($1), cstr($2), $3, cstr($4); ngpu++; next }
table == "amdgpu" {
	if (NF != 12) bad("expected 12 fields (no comma in a source)")
	if ($1 !~ /^gfx[0-9a-f]+$/) bad("bad AMDGPU processor " $1)
	for (i = 2; i <= 11; i++) if (i != 8 && $i !~ /^[0-9]+$/) bad("bad number " $i)
	nsteps = 0
	if ($8 != "none") {
		nsteps = split($8, steps, " ")
		if (nsteps > 4) bad("more than 4 SGPR steps")
		for (i = 1; i <= nsteps; i++) {
			if (steps[i] !~ /^([0-9]+|\*):[0-9]+$/) bad("bad SGPR step " steps[i])
			split(steps[i], sw, ":"); smax[i] = sw[1] == "*" ? "INT32_MAX" : sw[1]; swav[i] = sw[2] }
	}
	printf "\t{ %s, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, {", cstr($1), $2, $3, $4, $5, $6, $7, $9, $10, $11, nsteps
	for (i = 1; i <= nsteps; i++) printf " { %s, %d },", smax[i], swav[i]
	printf " }, %s },\n", cstr($12); namd++; next }
table == "toolkit" {
	if (NF != 4) bad("expected 4 fields")
	if ($1 !~ /^[0-9]+\.[0-9]+$/ || $2 !~ /^[0-9]+\.[0-9]+$/) bad("bad version")
	split($2, isa, ".")
	printf "\t{ %s, %d, %d, %s, %s },\n", cstr($1), isa[1], isa[2], cstr($3), cstr($4); ntk++; next }
{ bad("a row before any header") }
END { if (failed) exit 1
	close_table()
	if (!narch || !ngpu || !ntk || !namd) { print "arches.awk: a table is missing" > "/dev/stderr"; exit 1 }
	print "const size_t arch_limits_count = sizeof arch_limits_table / sizeof arch_limits_table[0];"
	print "const size_t amd_limits_count = sizeof amd_limits_table / sizeof amd_limits_table[0];"
	print "const size_t gpu_model_count = sizeof gpu_models / sizeof gpu_models[0];"
	print "const size_t toolkit_driver_count = sizeof toolkit_drivers / sizeof toolkit_drivers[0];" }
