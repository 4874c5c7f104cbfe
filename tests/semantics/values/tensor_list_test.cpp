// The TensorList ops (FORMAT.md, "TensorLists") as .tfg programs use them: each result, the
// errors TensorFlow's list kernels give, the printing of a list, terms on symbolic arguments,
// and that equal lists made in different ways are one value; AddN and ZerosLike of lists as
// TensorFlow's list add and zeros-like compute them (unset elements, the order of a sum of
// several lists, the bound dropped, their errors).
#include "semantics/values/tensor_list.h"

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <map>
#include <string>
#include <vector>

#include "support/check_text.h"
#include "support/literals.h"

namespace {

using namespace tfmc;

// The one outcome's outputs of `program`, by name.
std::map<std::string, std::string> outputs_of(const std::string& program) {
  const support::TextCheck r = support::check_text("t.tfg", program, {}, {});
  REQUIRE(r.outcomes.size() == 1);
  std::map<std::string, std::string> out;
  for (const auto& [name, value] : r.outcomes[0].outputs) out.emplace(name, value);
  return out;
}

const std::string kConsts =
    "unknown = Const() {value=i32[1]{-1}}\n"
    "two = Const() {value=i32[1]{2}}\n"
    "any = Const() {value=i32{-1}}\n"
    "i0 = Const() {value=i32{0}}\n"
    "i1 = Const() {value=i32{1}}\n"
    "i2 = Const() {value=i32{2}}\n"
    "v = Const() {value=f32[2]{1, 2}}\n";

}  // namespace

TEST_CASE("TensorListReserve, SetItem, GetItem, Stack, Length and ElementShape", "[tensor_list]") {
  const auto got = outputs_of(kConsts +
                              "l = TensorListReserve(unknown, i2) {element_dtype=f32}\n"
                              "l1 = TensorListSetItem(l, i0, v) {element_dtype=f32}\n"
                              "set = TensorListGetItem(l1, i0, unknown) {element_dtype=f32}\n"
                              "unset = TensorListGetItem(l1, i1, two) {element_dtype=f32}\n"
                              "stacked = TensorListStack(l1, any) {element_dtype=f32}\n"
                              "n = TensorListLength(l1)\n"
                              "shape = TensorListElementShape(l1) {shape_type=i64}\n"
                              "output l1\noutput set\noutput unset\noutput stacked\noutput n\n"
                              "output shape\n");
  const std::map<std::string, std::string> want = {{"l1", "[list<f32[?]>, f32[2]{1, 2}, <unset>]"},
                                                   {"set", "f32[2]{1, 2}"},
                                                   {"unset", "f32[2]{0, 0}"},
                                                   {"stacked", "f32[2,2]{1, 2, 0, 0}"},
                                                   {"n", "i32{2}"},
                                                   {"shape", "i64[1]{-1}"}};
  CHECK(got == want);
}

TEST_CASE("TensorListFromTensor, PushBack, PopBack and a bounded EmptyTensorList",
          "[tensor_list]") {
  const auto got =
      outputs_of(kConsts +
                 "t = Const() {value=i32[3,2]{1, 2, 3, 4, 5, 6}}\n"
                 "l = TensorListFromTensor(t, two) {element_dtype=i32}\n"
                 "row = TensorListGetItem(l, i2, two) {element_dtype=i32}\n"
                 "back = TensorListStack(l, two) {element_dtype=i32, num_elements=3}\n"
                 "e = EmptyTensorList(any, i1) {element_dtype=f32}\n"
                 "p = TensorListPushBack(e, v) {element_dtype=f32}\n"
                 "full = TensorListPushBack(p, v) {element_dtype=f32}\n"
                 "q = TensorListPopBack(p, unknown) {element_dtype=f32}\n"
                 "empty = TensorListPopBack(e, two) {element_dtype=f32}\n"
                 "shape = TensorListElementShape(e)\n"
                 "output row\noutput back\noutput p\noutput full\noutput q:0\noutput q:1\n"
                 "output empty:1\noutput shape\n");
  const std::map<std::string, std::string> want = {{"row", "i32[2]{5, 6}"},
                                                   {"back", "i32[3,2]{1, 2, 3, 4, 5, 6}"},
                                                   {"p", "[list<f32[*], max=1>, f32[2]{1, 2}]"},
                                                   {"full", "Error(shape)"},
                                                   {"q:0", "[list<f32[*], max=1>]"},
                                                   {"q:1", "f32[2]{1, 2}"},
                                                   {"empty:1", "Error(shape)"},
                                                   {"shape", "i32{-1}"}};
  CHECK(got == want);
}

TEST_CASE("TensorList ops fail where TensorFlow's kernels fail", "[tensor_list]") {
  const auto got =
      outputs_of(kConsts +
                 "l = TensorListReserve(unknown, i2) {element_dtype=f32}\n"
                 "l2 = TensorListReserve(two, i2) {element_dtype=f32}\n"
                 "past_end = TensorListGetItem(l, i2, two) {element_dtype=f32}\n"
                 "negative = TensorListSetItem(l, any, v) {element_dtype=f32}\n"
                 "unknown_unset = TensorListGetItem(l, i0, unknown) {element_dtype=f32}\n"
                 "wrong_dtype = TensorListGetItem(l, i0, two) {element_dtype=i32}\n"
                 "v3 = Const() {value=f32[3]{0}}\n"
                 "wrong_item = TensorListSetItem(l2, i0, v3) {element_dtype=f32}\n"
                 "int_item = TensorListSetItem(l, i0, i1) {element_dtype=f32}\n"
                 "s = Const() {value=f32{1}}\n"
                 "scalar = TensorListFromTensor(s, any) {element_dtype=f32}\n"
                 "m = Const() {value=f32[2,3]{0}}\n"
                 "misfit = TensorListFromTensor(m, two) {element_dtype=f32}\n"
                 "count = TensorListStack(l2, two) {element_dtype=f32, num_elements=3}\n"
                 "e = EmptyTensorList(unknown, any) {element_dtype=f32}\n"
                 "empty = TensorListStack(e, unknown) {element_dtype=f32}\n"
                 "three = Const() {value=i32[1]{3}}\n"
                 "unmerged = TensorListStack(l2, three) {element_dtype=f32}\n"
                 "negative_reserve = TensorListReserve(unknown, any) {element_dtype=f32}\n"
                 "minus_two = Const() {value=i32{-2}}\n"
                 "closed = EmptyTensorList(unknown, minus_two) {element_dtype=f32}\n"
                 "no_push = TensorListPushBack(closed, v) {element_dtype=f32}\n"
                 "not_a_list = TensorListLength(v)\n"
                 "not_a_shape = TensorListReserve(i2, i2) {element_dtype=f32}\n"
                 "output past_end\noutput negative\noutput unknown_unset\noutput wrong_dtype\n"
                 "output wrong_item\noutput int_item\noutput scalar\noutput misfit\noutput count\n"
                 "output empty\noutput unmerged\noutput negative_reserve\noutput not_a_list\n"
                 "output not_a_shape\noutput closed\noutput no_push\n");
  const std::map<std::string, std::string> want = {{"past_end", "Error(shape)"},
                                                   {"negative", "Error(shape)"},
                                                   {"unknown_unset", "Error(shape)"},
                                                   {"wrong_dtype", "Error(type)"},
                                                   {"wrong_item", "Error(shape)"},
                                                   {"int_item", "Error(type)"},
                                                   {"scalar", "Error(shape)"},
                                                   {"misfit", "Error(shape)"},
                                                   {"count", "Error(shape)"},
                                                   {"empty", "Error(shape)"},
                                                   {"unmerged", "Error(shape)"},
                                                   {"negative_reserve", "Error(shape)"},
                                                   {"not_a_list", "Error(type)"},
                                                   {"not_a_shape", "Error(shape)"},
                                                   {"closed", "[list<f32[?], max=-2>]"},
                                                   {"no_push", "Error(shape)"}};
  CHECK(got == want);
}

TEST_CASE("TensorList ops build terms on symbols and pass errors on", "[tensor_list]") {
  const auto got = outputs_of(kConsts +
                              "input x\n"
                              "l = TensorListFromTensor(x, two) {element_dtype=f32}\n"
                              "g = TensorListGetItem(l, i0, two) {element_dtype=f32}\n"
                              "zero = Sub(i1, i1)\n"
                              "fail = Div(i1, zero)\n"
                              "bad = TensorListFromTensor(fail, two) {element_dtype=i32}\n"
                              "output g\noutput bad\n");
  const std::map<std::string, std::string> want = {
      {"g",
       "TensorListGetItem{element_dtype=f32}(TensorListFromTensor{element_dtype=f32}(x, "
       "i32[1]{2}), i32{0}, i32[1]{2})"},
      {"bad", "Error(arithmetic)"}};
  CHECK(got == want);
}

TEST_CASE("equal TensorLists are one value however they were made", "[tensor_list]") {
  sem::ValueStore values;
  eval::OpAttrs attrs;  // element_dtype f32
  const sem::ValueId rows = values.tensor(test::literal("f32[2,2]{1, 2, 3, 4}"));
  const sem::ValueId shape = values.tensor(test::literal("i32[1]{-1}"));
  sem::ValueId from_tensor = sem::kEmpty;
  const sem::ValueId from_args[] = {rows, shape};
  sem::apply_tensor_list_op("TensorListFromTensor", attrs, from_args, values, &from_tensor);

  sem::ValueId list = sem::kEmpty;
  const sem::ValueId reserve_args[] = {shape, values.tensor(test::literal("i32{2}"))};
  sem::apply_tensor_list_op("TensorListReserve", attrs, reserve_args, values, &list);
  for (std::int32_t i : {1, 0}) {
    const std::string row = i == 0 ? "f32[2]{1, 2}" : "f32[2]{3, 4}";
    const sem::ValueId set_args[] = {list,
                                     values.tensor(test::literal(fmt::format("i32{{{}}}", i))),
                                     values.tensor(test::literal(row))};
    sem::apply_tensor_list_op("TensorListSetItem", attrs, set_args, values, &list);
  }
  CHECK(list == from_tensor);
  CHECK(values.print(list) == "[list<f32[?]>, f32[2]{1, 2}, f32[2]{3, 4}]");
}

TEST_CASE("ZerosLike of a TensorList zeroes its set elements and keeps the unset ones",
          "[tensor_list][tensor_list_arithmetic]") {
  const auto got = outputs_of(
      kConsts +
      "l = TensorListReserve(unknown, i2) {element_dtype=f32}\n"
      "l1 = TensorListSetItem(l, i0, v) {element_dtype=f32}\n"
      "zeros = ZerosLike(l1)\n"
      "e = EmptyTensorList(unknown, i2) {element_dtype=f32}\n"
      "p = TensorListPushBack(e, v) {element_dtype=f32}\n"
      "unbounded = ZerosLike(p)\n"
      "empty = ZerosLike(e)\n"
      "special = Const() {value=f32[2,2]{-0, nan, -inf, 3}}\n"
      "s = TensorListFromTensor(special, two) {element_dtype=f32}\n"
      "special_zeros = ZerosLike(s)\n"
      "ints = Const() {value=i64[1,2]{-5, 9223372036854775807}}\n"
      "il = TensorListFromTensor(ints, any) {element_dtype=i64}\n"
      "int_zeros = ZerosLike(il)\n"
      "bools = Const() {value=bool[1,2]{true, false}}\n"
      "bl = TensorListFromTensor(bools, two) {element_dtype=bool}\n"
      "bool_zeros = ZerosLike(bl)\n"
      "output zeros\noutput unbounded\noutput empty\noutput special_zeros\noutput int_zeros\n"
      "output bool_zeros\n");
  const std::map<std::string, std::string> want = {
      {"zeros", "[list<f32[?]>, f32[2]{0, 0}, <unset>]"},
      // TensorFlow's zeros-like keeps the element shape but not EmptyTensorList's bound.
      {"unbounded", "[list<f32[?]>, f32[2]{0, 0}]"},
      {"empty", "[list<f32[?]>]"},
      {"special_zeros", "[list<f32[2]>, f32[2]{0, 0}, f32[2]{0, 0}]"},
      {"int_zeros", "[list<i64[*]>, i64[2]{0, 0}]"},
      {"bool_zeros", "[list<bool[2]>, bool[2]{false, false}]"}};
  CHECK(got == want);
}

TEST_CASE("AddN of TensorLists adds their elements, an unset one taking the other's",
          "[tensor_list][tensor_list_arithmetic]") {
  const auto got =
      outputs_of(kConsts +
                 "w = Const() {value=f32[2]{-0, 0.5}}\n"
                 "l = TensorListReserve(unknown, i2) {element_dtype=f32}\n"
                 "first = TensorListSetItem(l, i0, v) {element_dtype=f32}\n"
                 "second = TensorListSetItem(l, i1, w) {element_dtype=f32}\n"
                 "both = TensorListSetItem(first, i1, w) {element_dtype=f32}\n"
                 "crossed = AddN(first, second)\n"
                 "neither = AddN(l, l)\n"
                 "doubled = AddN(both, both, second)\n"
                 "e = EmptyTensorList(two, i2) {element_dtype=f32}\n"
                 "p = TensorListPushBack(e, v) {element_dtype=f32}\n"
                 "alone = AddN(p)\n"
                 "pair = AddN(p, p)\n"
                 "anyrank = EmptyTensorList(any, any) {element_dtype=f32}\n"
                 "empty = AddN(e, anyrank)\n"
                 "merged = AddN(first, p)\n"
                 "big = Const() {value=i32[1,2]{2147483647, -2147483648}}\n"
                 "ints = TensorListFromTensor(big, two) {element_dtype=i32}\n"
                 "wrapped = AddN(ints, ints)\n"
                 "inf = Const() {value=f32[1,2]{inf, -0}}\n"
                 "neg = Const() {value=f32[1,2]{-inf, -0}}\n"
                 "infl = TensorListFromTensor(inf, two) {element_dtype=f32}\n"
                 "negl = TensorListFromTensor(neg, two) {element_dtype=f32}\n"
                 "nan = AddN(infl, negl)\n"
                 "bools = Const() {value=bool[1,2]{true, false}}\n"
                 "bl = TensorListFromTensor(bools, two) {element_dtype=bool}\n"
                 "bu = TensorListReserve(two, i1) {element_dtype=bool}\n"
                 "zu = ZerosLike(bu)\n"
                 "bool_unset = AddN(bl, zu)\n"
                 "output crossed\noutput neither\noutput doubled\noutput alone\noutput pair\n"
                 "output empty\noutput merged\noutput wrapped\noutput nan\noutput bool_unset\n");
  const std::map<std::string, std::string> want = {
      {"crossed", "[list<f32[?]>, f32[2]{1, 2}, f32[2]{-0, 0.5}]"},
      {"neither", "[list<f32[?]>, <unset>, <unset>]"},
      {"doubled", "[list<f32[?]>, f32[2]{2, 4}, f32[2]{-0, 1.5}]"},
      // One list passes as it is, bound and all; a sum keeps no bound, as TensorFlow's.
      {"alone", "[list<f32[2], max=2>, f32[2]{1, 2}]"},
      {"pair", "[list<f32[2]>, f32[2]{2, 4}]"},
      {"empty", "[list<f32[2]>]"},
      {"merged", "Error(shape)"},  // lengths 2 and 1
      {"wrapped", "[list<i32[2]>, i32[2]{-2, 0}]"},
      {"nan", "[list<f32[2]>, f32[2]{nan, -0}]"},
      {"bool_unset", "[list<bool[2]>, bool[2]{true, false}]"}};
  CHECK(got == want);
}

TEST_CASE("AddN of TensorLists sums them in TensorFlow's tree",
          "[tensor_list][tensor_list_arithmetic]") {
  // f32 1e8 absorbs a 1 (its ulp is 8): the tree ((t0 + t1) + t4) + (t2 + t3) of five lists
  // gives 0, where left to right would give 2; three lists sum as (t0 + t1) + t2, here 1,
  // where t1 first would give 0.
  std::string program = kConsts + "one = Const() {value=i32[1]{1}}\n";
  const char* const terms[] = {"1e8", "1", "-1e8", "1", "1"};
  for (int k = 0; k < 5; ++k) {
    program += fmt::format("c{} = Const() {{value=f32[1,1]{{{}}}}}\n", k, terms[k]);
    program += fmt::format("t{0} = TensorListFromTensor(c{0}, one) {{element_dtype=f32}}\n", k);
  }
  program +=
      "five = AddN(t0, t1, t2, t3, t4)\n"
      "three = AddN(t2, t0, t1)\n"
      "output five\noutput three\n";
  const std::map<std::string, std::string> want = {{"five", "[list<f32[1]>, f32[1]{0}]"},
                                                   {"three", "[list<f32[1]>, f32[1]{1}]"}};
  CHECK(outputs_of(program) == want);
}

TEST_CASE("AddN of TensorLists fails where TensorFlow's list add fails",
          "[tensor_list][tensor_list_arithmetic]") {
  const auto got = outputs_of(
      kConsts +
      "three = Const() {value=i32[1]{3}}\n"
      "f = TensorListReserve(two, i2) {element_dtype=f32}\n"
      "short = TensorListReserve(two, i1) {element_dtype=f32}\n"
      "length = AddN(f, short)\n"
      "ints = TensorListReserve(two, i2) {element_dtype=i32}\n"
      "dtype = AddN(f, ints)\n"
      "e2 = EmptyTensorList(two, any) {element_dtype=f32}\n"
      "e3 = EmptyTensorList(three, any) {element_dtype=f32}\n"
      "element_shape = AddN(e2, e3)\n"
      "u = TensorListReserve(unknown, i1) {element_dtype=f32}\n"
      "v3 = Const() {value=f32[3]{1, 2, 3}}\n"
      "u2 = TensorListSetItem(u, i0, v) {element_dtype=f32}\n"
      "u3 = TensorListSetItem(u, i0, v3) {element_dtype=f32}\n"
      "elements = AddN(u2, u3)\n"
      "bools = Const() {value=bool[1,2]{true, false}}\n"
      "bl = TensorListFromTensor(bools, two) {element_dtype=bool}\n"
      "bool_sum = AddN(bl, bl)\n"
      "tensor = AddN(f, v)\n"
      "tensor_first = AddN(v, f)\n"
      "zero = Sub(i1, i1)\n"
      "fail = Div(i1, zero)\n"
      "failed = AddN(f, fail)\n"
      "input x\n"
      "symbolic = AddN(u, x)\n"
      "output length\noutput dtype\noutput element_shape\noutput elements\noutput bool_sum\n"
      "output tensor\noutput tensor_first\noutput failed\noutput symbolic\n");
  const std::map<std::string, std::string> want = {
      {"length", "Error(shape)"},
      {"dtype", "Error(type)"},
      {"element_shape", "Error(shape)"},
      {"elements", "Error(shape)"},
      {"bool_sum", "Error(type)"},
      {"tensor", "Error(type)"},
      {"tensor_first", "Error(type)"},
      {"failed", "Error(arithmetic)"},
      {"symbolic", "AddN([list<f32[?]>, <unset>], x)"}};
  CHECK(got == want);
}
