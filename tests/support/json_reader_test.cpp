// The test JSON reader: what it accepts, how it decodes, and what it rejects.
#include "support/json_reader.h"

#include <catch2/catch.hpp>

using tfmc::test::Json;
using tfmc::test::JsonError;
using tfmc::test::parse_json;

TEST_CASE("json reader: objects keep member order and values", "[support][json]") {
  const Json v = parse_json(
      R"( {"b": 1, "a": [true, false, null], "c": {"s": "x\"y\\z\n\u00e9\ud83d\ude00"},
          "n": -12.5e1} )");
  REQUIRE(v.is(Json::Kind::Object));
  REQUIRE(v.members.size() == 4);
  CHECK(v.members[0].first == "b");
  CHECK(v.members[1].first == "a");
  CHECK(v.at("b").number == 1);
  CHECK(v.at("b").text == "1");
  const Json& a = v.at("a");
  REQUIRE(a.items.size() == 3);
  CHECK(a.items[0].boolean);
  CHECK_FALSE(a.items[1].boolean);
  CHECK(a.items[2].is(Json::Kind::Null));
  CHECK(v.at("c").at("s").text == "x\"y\\z\n\xC3\xA9\xF0\x9F\x98\x80");
  CHECK(v.at("n").number == -125.0);
  CHECK(v.find("missing") == nullptr);
  CHECK_THROWS_AS(v.at("missing"), JsonError);
}

TEST_CASE("json reader: empty containers", "[support][json]") {
  CHECK(parse_json("{}").members.empty());
  CHECK(parse_json("[ ]").items.empty());
  CHECK(parse_json("\"\"").text.empty());
}

TEST_CASE("json reader: rejects what is not exactly one JSON value", "[support][json]") {
  for (const char* bad :
       {"", "{", "[1,]", "{\"a\":1,}", "{\"a\":1} x", "{\"a\":1}{}", "01", "1.", "-", "\"a",
        "\"\\x\"", "\"\t\"", "{\"a\":1,\"a\":2}", "tru", "\"\\ud800\"", "{a:1}", "'a'"}) {
    INFO(bad);
    CHECK_THROWS_AS(parse_json(bad), JsonError);
  }
}
