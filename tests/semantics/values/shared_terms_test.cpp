// Long terms as numbered definitions of their parts (semantics/values/shared_terms.h) and the
// order of values by their canonical text (semantics/values/canonical_order.h). Expected texts
// are written from the headers' rules; the order is checked against comparing the texts that
// ValueStore::print writes whole, on many random values.
#include "semantics/values/shared_terms.h"

#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <vector>

#include "semantics/values/canonical_order.h"
#include "semantics/values/tensor_summary.h"
#include "semantics/values/tensor_text.h"
#include "support/literals.h"

namespace {

using namespace tfmc;
using sem::TermDefinition;
using sem::ValueId;
using test::literal;

sem::SharedTerms summarizing(const sem::ValueStore& values) {
  return sem::SharedTerms(values, [](const eval::Tensor& t) {
    return sem::is_large(t) ? sem::summarize_tensor(t) : sem::format_tensor(t);
  });
}

// A chain Op(Op(...Op(A)...)) of `depth` applications of `head`.
ValueId chain(sem::ValueStore& values, const std::string& head, int depth) {
  ValueId v = values.symbol("A");
  for (int i = 0; i < depth; ++i) v = values.term(head, -1, {v});
  return v;
}

}  // namespace

TEST_CASE("a term of at most 200 characters prints as its canonical text", "[values][terms]") {
  sem::ValueStore values;
  sem::SharedTerms terms = summarizing(values);
  std::vector<TermDefinition> fresh;
  const ValueId t = values.term("Add", -1, {values.symbol("A"), values.tensor(literal("f32{1}"))});
  CHECK(terms.print(t, fresh) == "Add(A, f32{1})");
  // 39 applications of `Neg` around A: 39 * 5 + 1 = 196 characters.
  const ValueId short_chain = chain(values, "Neg", 39);
  CHECK(terms.print(short_chain, fresh) == values.print(short_chain));
  CHECK(fresh.empty());
}

TEST_CASE("a longer term names every sub-term once, parts before the terms that use them",
          "[values][terms]") {
  sem::ValueStore values;
  sem::SharedTerms terms = summarizing(values);
  const ValueId x = values.symbol("X");
  const std::string attrs(190, 'a');
  const ValueId inner = values.term("F{k=" + attrs + "}", -1, {x});  // 197 characters
  const ValueId split = values.term("Split", 1, {inner});
  const ValueId root = values.term("Add", -1, {split, inner});
  std::vector<TermDefinition> fresh;
  CHECK(terms.print(root, fresh) == "Add(%2, %1)");
  CHECK(fresh ==
        std::vector<TermDefinition>{{"%1", "F{k=" + attrs + "}(X)"}, {"%2", "Split.1(%1)"}});

  // A second value of the list uses the names already made and defines only its new parts.
  std::vector<TermDefinition> more;
  const ValueId other = values.term("Mul", -1, {values.term("Neg", -1, {split}), inner});
  CHECK(terms.print(other, more) == "Mul(%3, %1)");
  CHECK(more == std::vector<TermDefinition>{{"%3", "Neg(%2)"}});
  // A short value prints whole even when its parts have names.
  std::vector<TermDefinition> none;
  CHECK(terms.print(values.term("Neg", -1, {x}), none) == "Neg(X)");
  CHECK(none.empty());
}

TEST_CASE("inside terms large tensors print by the report's rules and get names when long",
          "[values][terms]") {
  sem::ValueStore values;
  sem::SharedTerms terms = summarizing(values);
  const eval::Tensor big = literal("f32[40]{0.5}");
  const ValueId w = values.tensor(big);
  std::vector<TermDefinition> fresh;
  // Short with the summary: inline, summarized.
  CHECK(terms.print(values.term("MatMul", -1, {values.symbol("X"), w}), fresh) ==
        "MatMul(X, " + sem::summarize_tensor(big) + ")");
  CHECK(fresh.empty());
  // Long: the tensor is a definition of its own.
  ValueId y = values.symbol("X");
  for (int i = 0; i < 3; ++i) y = values.term("MatMul", -1, {y, w});
  CHECK(terms.print(y, fresh) == "MatMul(%3, %1)");
  CHECK(fresh == std::vector<TermDefinition>{{"%1", sem::summarize_tensor(big)},
                                             {"%2", "MatMul(X, %1)"},
                                             {"%3", "MatMul(%2, %1)"}});
  // A concrete tensor on its own prints by the rules, never as a name.
  std::vector<TermDefinition> none;
  CHECK(terms.print(w, none) == sem::summarize_tensor(big));
  CHECK(none.empty());
}

TEST_CASE("a term shared a million ways prints in definitions proportional to its parts",
          "[values][terms]") {
  // d_k = Add(d_{k-1}, d_{k-1}): its canonical text doubles at every level, so d_40 would be
  // terabytes; its definitions are 40 lines.
  sem::ValueStore values;
  sem::SharedTerms terms = summarizing(values);
  ValueId d = values.symbol("A");
  for (int k = 0; k < 40; ++k) d = values.term("Add", -1, {d, d});
  std::vector<TermDefinition> fresh;
  CHECK(terms.print(d, fresh) == "Add(%39, %39)");
  REQUIRE(fresh.size() == 39);
  CHECK(fresh[0] == TermDefinition{"%1", "Add(A, A)"});
  CHECK(fresh[38] == TermDefinition{"%39", "Add(%38, %38)"});
  // The order of two such values is decided without writing them out.
  sem::CanonicalOrder order(values);
  const ValueId e = values.term("Add", -1, {d, values.symbol("B")});
  const ValueId f = values.term("Add", -1, {d, values.symbol("C")});
  CHECK(order.compare(e, f) < 0);
  CHECK(order.compare(f, e) > 0);
}

TEST_CASE("a term 100,000 applications deep prints without deep recursion", "[values][terms]") {
  sem::ValueStore values;
  sem::SharedTerms terms = summarizing(values);
  const ValueId deep = chain(values, "Neg", 100000);
  std::vector<TermDefinition> fresh;
  CHECK(terms.print(deep, fresh) == "Neg(%99999)");
  REQUIRE(fresh.size() == 99999);
  CHECK(fresh.front() == TermDefinition{"%1", "Neg(A)"});
  CHECK(fresh.back() == TermDefinition{"%99999", "Neg(%99998)"});
  sem::CanonicalOrder order(values);
  CHECK(order.compare(deep, chain(values, "Neg", 99999)) > 0);  // "Neg(Neg(...A)))" vs "...A))"
}

TEST_CASE("values order as their canonical texts compare, on random values", "[values][terms]") {
  // Random values over a few symbols, small tensors, errors, terms of one or two results and
  // sequences; each pair compared both ways against the texts written whole.
  sem::ValueStore values;
  std::mt19937 rng(7);
  std::vector<ValueId> pool = {values.symbol("A"),
                               values.symbol("AB"),
                               values.symbol("B"),
                               values.tensor(literal("f32{1}")),
                               values.tensor(literal("f32{10}")),
                               values.tensor(literal("i32[2]{1, 2}")),
                               values.error(eval::ErrorKind::Shape)};
  const std::vector<std::string> heads = {"Add", "Ad", "Add{axis=1}", "F"};
  for (int i = 0; i < 400; ++i) {
    std::uniform_int_distribution<std::size_t> pick(0, pool.size() - 1);
    const int arity = static_cast<int>(rng() % 3) + (i % 7 == 0 ? 0 : 1);
    std::vector<ValueId> args;
    for (int k = 0; k < arity; ++k) args.push_back(pool[pick(rng)]);
    pool.push_back(i % 11 == 0
                       ? values.sequence(args)
                       : values.term(heads[rng() % heads.size()],
                                     rng() % 4 == 0 ? static_cast<int>(rng() % 2) : -1, args));
  }
  sem::CanonicalOrder order(values);
  int checked = 0;
  for (std::size_t i = 0; i < pool.size(); i += 3) {
    for (std::size_t j = 0; j < pool.size(); j += 5) {
      const int expected = values.print(pool[i]).compare(values.print(pool[j]));
      const int got = order.compare(pool[i], pool[j]);
      CHECK((got < 0) == (expected < 0));
      CHECK((got == 0) == (expected == 0));
      ++checked;
    }
  }
  CHECK(checked > 10000);
}
