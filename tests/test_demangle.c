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
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
