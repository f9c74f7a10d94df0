// SPDX-License-Identifier: MIT
// A host translation unit whose compile time goes to templates, for clang
// -ftime-trace (tests/corpus/traces/build.sh): a recursive class template,
// a function template instantiated for several types, and the standard
// containers they fill.
#include <map>
#include <string>
#include <vector>

template <int N> struct Fib {
	static constexpr long value = Fib<N - 1>::value + Fib<N - 2>::value;
};
template <> struct Fib<1> { static constexpr long value = 1; };
template <> struct Fib<0> { static constexpr long value = 0; };

template <typename T, int N> struct Table {
	std::vector<T> rows;
	Table() { for (int i = 0; i < N; i++) rows.push_back(T(Fib<N>::value % (i + 1))); }
	T sum() const { T s = T(); for (const T &r : rows) s += r; return s; }
};

template <typename K, typename V> std::map<K, std::vector<V>> group(const std::vector<V> &v)
{
	std::map<K, std::vector<V>> out;
	for (const V &x : v)
		out[K(x)].push_back(x);
	return out;
}

long
hosttpl_sum()
{
	Table<int, 40> a;
	Table<long, 60> b;
	Table<double, 80> c;
	auto g = group<long, double>(c.rows);
	std::map<std::string, long> names;
	names["a"] = a.sum();
	names["b"] = b.sum();
	return names["a"] + names["b"] + (long)g.size() + (long)c.sum();
}
