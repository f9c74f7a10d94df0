/* SPDX-License-Identifier: MIT */
/*
 * cmocka tests for the three names of a kernel (src/readers/demangle.c): the
 * collapsed name is shared by every instantiation of a template, and
 * operators, nested templates and lambdas keep what tells them apart.
 * The mangled names were produced by g++ 12 (nm on a test object).
 * Also the bounds on demangling (names that would print past 64 KiB, or
 * make the printer work past a million nodes, stay mangled), and the
 * escaping every face shares (src/util/escape.c).
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <libiberty/demangle.h>

#include "demangle.h"
#include "../fuzz/namebombs.h"
#include "escape.h"
#include "strpool.h"
#include "xalloc.h"

static struct strpool pool;

static int
setup(void **state)
{
	(void)state;
	strpool_init(&pool);
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	strpool_free(&pool);
	return 0;
}

static void
expect(const char *mangled, const char *name, const char *collapsed, const char *ns)
{
	struct demangled d;

	demangle_names(mangled, &pool, &d);
	if (name != NULL)
		assert_string_equal(d.name, name);
	assert_string_equal(d.collapsed, collapsed);
	assert_string_equal(d.ns, ns);
	/* Interned: equal names are equal pointers. */
	assert_ptr_equal(d.collapsed, strpool_intern_str(&pool, collapsed));
}

static void
test_instantiations_share_a_name(void **state)
{
	struct demangled a, b;

	(void)state;
	expect("_ZN2ns3fooILi0ELb1EEEvPKf", "void ns::foo<0, true>(float const*)", "ns::foo", "ns");
	expect("_ZN2ns3fooILi7EEEvi", "void ns::foo<7>(int)", "ns::foo", "ns");
	demangle_names("_ZN2ns3fooILi0ELb1EEEvPKf", &pool, &a);
	demangle_names("_ZN2ns3fooILi7EEEvi", &pool, &b);
	assert_ptr_equal(a.collapsed, b.collapsed);
	assert_ptr_not_equal(a.name, b.name);
}

static void
test_operators(void **state)
{
	(void)state;
	expect("_ZN2nsltIiEEbNS_1VIT_EES3_", "bool ns::operator< <int>(ns::V<int>, ns::V<int>)",
	    "ns::operator<", "ns");
	expect("_ZNK2ns1FclEi", "ns::F::operator()(int) const", "ns::F::operator()", "ns::F");
	/* A template class's operator(): the class loses its arguments too. */
	expect("_ZNK2ns1GIdEclEd", "ns::G<double>::operator()(double) const", "ns::G::operator()", "ns::G");
}

static void
test_nested_templates(void **state)
{
	(void)state;
	expect("_ZN2ns5outerINS_5innerINS_4deepIiEEEEEEvT_",
	    "void ns::outer<ns::inner<ns::deep<int> > >(ns::inner<ns::deep<int> >)", "ns::outer", "ns");
	expect("_ZN2ns1AIiE1BILi2EE1fILi3EEEvi", "void ns::A<int>::B<2>::f<3>(int)", "ns::A::B::f", "ns::A::B");
}

static void
test_lambdas(void **state)
{
	(void)state;
	/* A kernel instantiated on a lambda collapses to the kernel. */
	expect("_ZN2ns5applyIZNS_4userEiEUlfE_EEvT_",
	    "void ns::apply<ns::user(int)::{lambda(float)#1}>(ns::user(int)::{lambda(float)#1})",
	    "ns::apply", "ns");
	/* From the corpus: a lambda defined in Launcher::operator(). */
	expect("_ZN4blas10map_kernelIZNK8LauncherclEPfiP11CUstream_stEUlfE_EEvS2_iT_", NULL,
	    "blas::map_kernel", "blas");
	/* The lambda's own operator(): the enclosing function loses its
	 * parameters, the lambda keeps its signature, which is its identity. */
	expect("_ZZN2ns4userEiENKUlfE_clEf", "ns::user(int)::{lambda(float)#1}::operator()(float) const",
	    "ns::user::{lambda(float)#1}::operator()", "ns");
}

static void
test_namespaces(void **state)
{
	(void)state;
	expect("_ZN2ns12_GLOBAL__N_111anon_kernelEi", "ns::(anonymous namespace)::anon_kernel(int)",
	    "ns::(anonymous namespace)::anon_kernel", "ns::(anonymous namespace)");
	expect("c_kernel", "c_kernel", "c_kernel", "");
	expect("_Z24moderate_pressure_kernelPKfPfi", "moderate_pressure_kernel(float const*, float*, int)",
	    "moderate_pressure_kernel", "");
}

static void
test_nvcc_decorations(void **state)
{
	(void)state;
	/* -rdc internal-linkage prefix and local-alias suffix go before demangling. */
	expect("__nv_static_8_abcdefgh__ZN2ns3fooILi7EEEvi", "void ns::foo<7>(int)", "ns::foo", "ns");
	expect("_ZN2ns3fooILi7EEEvi$12", "void ns::foo<7>(int)", "ns::foo", "ns");
	/* Not a C++ name: used as it is. */
	expect("$kernel$callee", "$kernel$callee", "$kernel$callee", "");
	expect("_Zgarbage", "_Zgarbage", "_Zgarbage", "");
}

/* "_ZN" + "3abc" * n + "3fooEv", and what c++filt prints for it. */
static void
nested_name(int n, char *mangled, size_t msize, char *name, size_t nsize)
{
	size_t m = 0, k = 0;

	m += (size_t)snprintf(mangled + m, msize - m, "_ZN");
	for (int i = 0; i < n; i++) {
		m += (size_t)snprintf(mangled + m, msize - m, "3abc");
		k += (size_t)snprintf(name + k, nsize - k, "abc::");
	}
	snprintf(mangled + m, msize - m, "3fooEv");
	snprintf(name + k, nsize - k, "foo()");
}

/*
 * c++filt (binutils 2.40) prints the 809-character name of 200 nested
 * namespaces demangled and leaves the 1,209-character one of 300 mangled:
 * cplus_demangle refuses names of more than 1,024 characters unless told
 * --no-recurse-limit.  spillway parses once, with another entry point of
 * the demangler, and keeps c++filt's answer on both sides of the limit.
 */
static void
test_recursion_limit_as_cxxfilt(void **state)
{
	static char mangled[2048], name[2048], collapsed[2048], ns[2048];
	struct demangled d;

	(void)state;
	nested_name(200, mangled, sizeof mangled, name, sizeof name);
	assert_int_equal(strlen(mangled), 809);
	snprintf(collapsed, sizeof collapsed, "%.*s", (int)(strlen(name) - 2), name);
	snprintf(ns, sizeof ns, "%.*s", (int)(strlen(name) - strlen("::foo()")), name);
	expect(mangled, name, collapsed, ns);

	nested_name(300, mangled, sizeof mangled, name, sizeof name);
	assert_int_equal(strlen(mangled), 1209);
	demangle_names(mangled, &pool, &d);
	assert_string_equal(d.name, mangled);
	assert_string_equal(d.collapsed, mangled);
	assert_string_equal(d.ns, "");
}


/*
 * Names that do not demangle whole, from libcublasLt.so.13 (CUDA 13.0;
 * `spillway --list` of it, rows whose name is the mangled one: 207 rows,
 * 102 names of 1,352 to 2,489 bytes, all past c++filt's 1,024).  Shown
 * collapsed by their longest prefix that demangles; the full name stays
 * the mangled one, as c++filt leaves it.
 */
static const char cublaslt_blasl3[] =
	    "_ZN4xmma4gemm13kernel_blasl3INS0_30Kernel_triangular_input_traitsINS_23Ampere_ffma_cp32_"
	    "traitsINS_7ComplexIfEEEENS_8Cta_tileINS_6AmpereELi32ELi32ELi8ELi1ELi2ELi1ELi1EEENS0_13Gm"
	    "em_tile_a_tIS6_S9_Li8ELNS_11Copy_engineE1ELi8ENS0_25Gmem_tile_with_ldgsts_a_tIS6_S9_Li8E"
	    "Li32ELi64ELi8ELi8ELNS_9Fill_modeE0ENS0_21Gmem_tile_with_ldgstsIS6_S9_Li8ELi32ELi64ELi8EL"
	    "i8ELSD_0ENS0_19Gmem_tile_gemm_baseIS6_S9_Li8ELi32ELi64ELi8ELi8ELSD_0ENS0_14Gmem_tile_bas"
	    "eIS6_S9_lLi8ELi32ELi64ELi8ELi8ELSD_0ELb0EEEEENS_13Ldgsts_configILb1ELb1ELb0EEEEEEEEENS0_"
	    "13Gmem_tile_b_nIS6_S9_Li8ELSB_1ELi8ENS0_25Gmem_tile_with_ldgsts_b_nIS6_S9_Li8ELi32ELi64E"
	    "Li8ELi8ELSD_0ESL_EEEENS0_24Gmem_tile_a_t_triangularIS6_S9_Li8ELSB_1ELSD_2ELNS_9Side_mode"
	    "E0ELNS_9Diag_typeE0ELi8ENS0_36Gmem_tile_with_ldgsts_a_t_triangularIS6_S9_Li8ELi32ELi64EL"
	    "i8ELi8ELSD_2ELST_0ELSU_0ENSC_IS6_S9_Li8ELi32ELi64ELi8ELi8ELSD_2ENSE_IS6_S9_Li8ELi32ELi64"
	    "ELi8ELi8ELSD_2ENSF_IS6_S9_Li8ELi32ELi64ELi8ELi8ELSD_2ENSG_IS6_S9_lLi8ELi32ELi64ELi8ELi8E"
	    "LSD_2ELb0EEEEESK_EEEEEEEENS0_24Gmem_tile_b_n_triangularIS6_S9_Li8ELSB_1ELSD_2ELST_0ELSU_"
	    "0ELi8ENS0_36Gmem_tile_with_ldgsts_b_n_triangularIS6_S9_Li8ELi32ELi64ELi8ELi8ELSD_2ELST_0"
	    "ELSU_0ENSP_IS6_S9_Li8ELi32ELi64ELi8ELi8ELSD_2ESY_EEEEEESN_SR_S11_S16_Li3ELi8ELNS_14Opera"
	    "tion_typeE4ELSD_2ELST_0ELSU_0ES5_NS0_13Kernel_traitsIS6_S9_SN_SR_Li3ELi8ELS17_4ES5_S5_Lb"
	    "0ELi1ELb0ELb0EEEEEEEvNT_6ParamsE";
static const char cublaslt_cutlass[] =
	    "_ZN7cutlass6KernelINS_4gemm6kernel11GemmBatchedINS1_11threadblock12MmaPipelinedINS1_9Gem"
	    "mShapeILi32ELi32ELi8EEENS_9transform11threadblock22PredicatedTileIteratorINS_11MatrixSha"
	    "peILi32ELi8EEEiNS_6layout8RowMajorELi1ENS8_30PitchLinearStripminedThreadMapINS_16PitchLi"
	    "nearShapeILi8ELi32EEELi128ELi1EEELi1ELb0EEENS9_19RegularTileIteratorISC_iNSD_11ColumnMaj"
	    "orELi1ENS8_33TransposePitchLinearThreadMapSimtISI_EELi4EEENSA_INSB_ILi8ELi32EEEiSE_Li0EN"
	    "SF_INSG_ILi32ELi8EEELi128ELi1EEELi1ELb0EEENSK_ISP_iSE_Li0ESR_Li4EEEiSE_NS4_9MmaPolicyINS"
	    "1_4warp7MmaSimtINS6_ILi16ELi16ELi8EEEiSL_iSE_iSE_NSV_13MmaSimtPolicyINSB_ILi4ELi8EEENSD_"
	    "19RowMajorInterleavedILi1EEENS6_ILi4ELi2ELi1EEEEELi1ELNS_16ComplexTransformE0ELS14_0ENS_"
	    "4arch5OpEscEbEENSB_ILi4ELi0EEENSB_ILi0ELi0EEELi1EEENS_21NumericArrayConverterIiiLi2ELNS_"
	    "15FloatRoundStyleE2ENS8_6thread14UnaryTransform8IdentityEEES1G_bEENS_8epilogue11threadbl"
	    "ock8EpilogueIS7_S17_Li1ENS1J_22PredicatedTileIteratorINS1J_26OutputTileOptimalThreadMapI"
	    "NS1J_15OutputTileShapeILi32ELi1ELi4ELi2ELi1EEENS1N_ILi1ELi4ELi1ELi1ELi4EEELi128ELi1ELi32"
	    "EEEiLb0ENSD_9NoPermuteELb0EEENS1I_4warp20FragmentIteratorSimtISX_NS1_6thread3MmaIS12_iSL"
	    "_iSE_iSE_S16_bEESE_S13_EENS1T_16TileIteratorSimtISX_S1X_iSE_S13_EENS1J_18SharedLoadItera"
	    "torINS1Q_18CompactedThreadMapEiLi4EEENS1I_6thread21LinearCombinationReluIiLi1EiiLNS24_9S"
	    "caleType4KindE0ELS1C_2EEENSB_ILi0ELi9EEELi1ELi1EEENS4_37GemmBatchedIdentityThreadblockSw"
	    "izzleEEEEEvNT_6ParamsEPKii";

static void
expect_prefix(const char *mangled, const char *collapsed, const char *ns)
{
	struct demangled d;
	char *cxxfilt = cplus_demangle(mangled, DMGL_PARAMS | DMGL_ANSI);

	assert_null(cxxfilt);	/* c++filt leaves it mangled */
	demangle_names(mangled, &pool, &d);
	assert_int_equal(d.bound, DEMANGLE_WITHIN);
	assert_string_equal(d.name, mangled);
	assert_string_equal(d.collapsed, collapsed);
	assert_ptr_equal(d.collapsed, strpool_intern_str(&pool, collapsed));
	assert_string_equal(d.ns, ns);
}

static void
test_longest_prefix_that_demangles(void **state)
{
	char name[256];

	(void)state;
	assert_int_equal(strlen(cublaslt_blasl3), 1352);
	expect_prefix(cublaslt_blasl3, "xmma::gemm::kernel_blasl3<…>", "xmma::gemm");
	assert_int_equal(strlen(cublaslt_cutlass), 1434);
	expect_prefix(cublaslt_cutlass, "cutlass::Kernel<…>", "cutlass");
	/* Short but unparsed (a byte after the end): the prefix too, and
	 * the longest cut wins, template arguments of the scope stripped. */
	expect_prefix("_ZN2ns5outerIiE5innerIiEEvvQ", "ns::outer::inner<…>", "ns::outer");
	expect_prefix("_Z3fooIiEvvQ", "foo<…>", "");
	/* No cut that demangles: kept whole. */
	expect_prefix("_ZN3fooQQIiEEvv", "_ZN3fooQQIiEEvv", "");
	/* The bound: only the first DEMANGLE_PREFIX_CUTS cuts are tried.  An
	 * identifier of 'I's puts 10, then 64, failed cuts before the one
	 * that demangles. */
	snprintf(name, sizeof name, "_ZN10%.10s3fooIiEEvvQ", "IIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIII");
	expect_prefix(name, "IIIIIIIIII::foo<…>", "IIIIIIIIII");
	snprintf(name, sizeof name, "_ZN64%.64s3fooIiEEvvQ", "IIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIII");
	expect_prefix(name, name, "");
}

/*
 * f<a, pair<..>, ...>(a) where each template argument is a pair of the one
 * before it twice: the printed form doubles every two levels
 * (tests/attacks/repro/names/demangle-bomb-N holds this name for N levels).
 */
static char *
doubling_bomb(unsigned levels)
{
	size_t cap = 64 + 32 * (size_t)levels;
	char *m = xmalloc(cap);

	make_doubling(m, cap, levels);
	return m;
}

/*
 * f<>((pair<X_k, T>)...), T an empty pack: each parameter prints nothing,
 * but the printer walks the whole pattern (X_k, doubling every level)
 * looking for the pack before it knows.
 */
static char *
silent_bomb(unsigned levels)
{
	size_t cap = 64 + 48 * (size_t)levels;
	char *m = xmalloc(cap);

	make_silent(m, cap, levels, 1);
	return m;
}

static void
expect_kept(const char *mangled, int bound)
{
	struct demangled d;

	demangle_names(mangled, &pool, &d);
	assert_int_equal(d.bound, bound);
	assert_string_equal(d.name, mangled);
	assert_string_equal(d.collapsed, mangled);
	assert_string_equal(d.ns, "");
}

/* The 552-byte name that printed 596 MB, the 734-byte one that did not
 * end: both kept mangled, at once, as the printed form would pass the
 * bounds. */
static void
test_bombs_stay_mangled(void **state)
{
	static const unsigned levels[] = { 20, 26, 46, 60, 80 };
	struct demangled d;
	char *m;

	(void)state;
	for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
		m = doubling_bomb(levels[i]);
		demangle_names(m, &pool, &d);
		assert_int_not_equal(d.bound, DEMANGLE_WITHIN);
		assert_string_equal(d.name, m);
		free(m);
	}
	/* 20 levels print 72 KiB: caught by the length, while printing. */
	m = doubling_bomb(20);
	expect_kept(m, DEMANGLE_TOO_LONG);
	free(m);
	/* 46 levels would print 596 MB: caught before printing. */
	m = doubling_bomb(46);
	assert_int_equal(strlen(m), 552);
	expect_kept(m, DEMANGLE_TOO_MUCH_WORK);
	free(m);
	/* 18 levels print 36 KiB: within the bound, demangled whole. */
	m = doubling_bomb(18);
	demangle_names(m, &pool, &d);
	assert_int_equal(d.bound, DEMANGLE_WITHIN);
	assert_int_equal(strlen(d.name), 36239);
	free(m);
}

/* Work that prints nothing: bounded too. */
static void
test_silent_bombs_stay_mangled(void **state)
{
	char *m;

	(void)state;
	m = silent_bomb(6);
	expect(m, "void f<>()", "f", "");
	free(m);
	m = silent_bomb(40);
	expect_kept(m, DEMANGLE_TOO_MUCH_WORK);
	free(m);
}

/*
 * Long real names print as libiberty's own cplus_demangle prints them
 * (c++filt): the bound is far above them.  The first prints 2,837 bytes,
 * the longest of 84,451 C++ symbols of Debian 12's shared libraries.
 */
static void
test_real_long_names_as_before(void **state)
{
	static const char *const names[] = {
		"_ZNSt8_Rb_treeINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEESt4pairIKS5_St3mapIS5_St6vectorIPKN4absl7debian315CommandLineFlagESaISE_EESt4lessIS5_ESaIS6_IS7_SG_EEEESt10_Select1stISM_ESI_SaISM_EE29_M_get_insert_hint_unique_posESt23_Rb_tree_const_iteratorISM_ERS7_",
		"_ZN4absl7debian318container_internal15memory_internal17DecomposePairImplINS1_12raw_hash_setINS1_17FlatHashMapPolicyINS0_11string_viewEPNS0_15CommandLineFlagEEENS1_10StringHashENS1_8StringEqESaISt4pairIKS6_S8_EEE19EmplaceDecomposableEOSD_St5tupleIJOS8_EEEEDTclcl7declvalIT_EEcl7declvalIRKT0_EEL_ZSt19piecewise_constructEcl7declvalISJ_IJSN_EEEEcl7declvalIT1_EEEEOSM_SC_ISQ_SR_E",
		"_ZN2ns3fooILi0ELb1EEEvPKf",
	};

	(void)state;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		char *want = cplus_demangle(names[i], DMGL_PARAMS | DMGL_ANSI);
		struct demangled d;

		assert_non_null(want);
		demangle_names(names[i], &pool, &d);
		assert_int_equal(d.bound, DEMANGLE_WITHIN);
		assert_string_equal(d.name, want);
		free(want);
	}
}

static void
expect_escape(const char *in, size_t n, const char *out)
{
	char *e = escape_text(in, n);

	assert_string_equal(e, out);
	assert_int_equal(escape_needed(in, n), strcmp(in, out) != 0 || strlen(in) != n);
	free(e);
}

static void
test_escape_controls(void **state)
{
	(void)state;
	expect_escape("void k<int>(float*)", 19, "void k<int>(float*)");
	expect_escape("new\nline", 8, "new\\nline");
	expect_escape("\x1b[31mRED\x1b[0m", 12, "\\x1b[31mRED\\x1b[0m");
	expect_escape("\x1b]0;pwned\x07", 10, "\\x1b]0;pwned\\x07");
	expect_escape("cr\rret\ttab", 10, "cr\\rret\\ttab");
	expect_escape("\x7f""del\x08", 5, "\\x7fdel\\x08");
	/* A backslash stays as it is. */
	expect_escape("trail\\", 6, "trail\\");
	/* A NUL inside the bytes given is shown too. */
	expect_escape("a\0b", 3, "a\\x00b");
}

static void
test_escape_utf8(void **state)
{
	(void)state;
	/* Valid UTF-8 stays: e acute, a CJK character, an emoji. */
	expect_escape("caf\xc3\xa9 \xe6\xbc\xa2 \xf0\x9f\x98\x80", 14,
	    "caf\xc3\xa9 \xe6\xbc\xa2 \xf0\x9f\x98\x80");
	/* Bytes that are not UTF-8: stray, cut, overlong, surrogate, past U+10FFFF. */
	expect_escape("\xff\xfe", 2, "\\xff\\xfe");
	expect_escape("\xc3(", 2, "\\xc3(");
	expect_escape("\xe2\x80", 2, "\\xe2\\x80");
	expect_escape("\xc0\xaf", 2, "\\xc0\\xaf");
	expect_escape("\xed\xa0\x80", 3, "\\xed\\xa0\\x80");
	expect_escape("\xf4\x90\x80\x80", 4, "\\xf4\\x90\\x80\\x80");
	/* C1 CSI, a right-to-left override, a line separator. */
	expect_escape("\xc2\x9b""31m", 5, "\\u009b31m");
	expect_escape("a\xe2\x80\xae""b", 5, "a\\u202eb");
	expect_escape("\xe2\x80\xa8", 3, "\\u2028");
}

/* Into a buffer: cut before an escape that does not fit, never inside. */
static void
test_escape_buffer(void **state)
{
	char buf[8];

	(void)state;
	assert_int_equal(escape_text_buf(buf, sizeof buf, "ab\x1b"), 6);
	assert_string_equal(buf, "ab\\x1b");
	assert_int_equal(escape_text_buf(buf, sizeof buf, "abcd\x1b"), 4);
	assert_string_equal(buf, "abcd");
	assert_int_equal(escape_text_buf(buf, sizeof buf, "abcdef\xc3\xa9"), 6);
	assert_string_equal(buf, "abcdef");
	assert_int_equal(escape_text_buf(buf, 1, "abc"), 0);
	assert_string_equal(buf, "");
}

/* escape_fputs writes what escape_text makes, for a path of any length. */
static void
test_escape_stream(void **state)
{
	const char *path = "dir/a\nb\x1b[31m\xff.o";
	char *text = NULL, *want = escape_text(path, strlen(path));
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	(void)state;
	assert_non_null(f);
	escape_fputs(path, f);
	fclose(f);
	assert_string_equal(text, want);
	assert_string_equal(text, "dir/a\\nb\\x1b[31m\\xff.o");
	free(text);
	free(want);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_instantiations_share_a_name),
		cmocka_unit_test(test_operators),
		cmocka_unit_test(test_nested_templates),
		cmocka_unit_test(test_lambdas),
		cmocka_unit_test(test_namespaces),
		cmocka_unit_test(test_nvcc_decorations),
		cmocka_unit_test(test_recursion_limit_as_cxxfilt),
		cmocka_unit_test(test_longest_prefix_that_demangles),
		cmocka_unit_test(test_bombs_stay_mangled),
		cmocka_unit_test(test_silent_bombs_stay_mangled),
		cmocka_unit_test(test_real_long_names_as_before),
		cmocka_unit_test(test_escape_controls),
		cmocka_unit_test(test_escape_utf8),
		cmocka_unit_test(test_escape_buffer),
		cmocka_unit_test(test_escape_stream),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
