/*
 * cmocka tests for the three names of a kernel (src/demangle.c): the
 * collapsed name is shared by every instantiation of a template, and
 * operators, nested templates and lambdas keep what tells them apart.
 * The mangled names were produced by g++ 12 (nm on a test object).
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "demangle.h"
#include "strpool.h"

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
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
