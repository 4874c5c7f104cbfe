// The JSON writer (tools/app/json_document.h): its two layouts, floats with the digits that
// read back, and NaN and the infinities, which JSON has no literal for, as the strings of
// FORMAT.md, "The JSON result".
#include "tools/app/json_document.h"

#include <catch2/catch.hpp>
#include <limits>

using tfmc::app::Json;

TEST_CASE("JSON writes NaN and the infinities as the strings nan, inf and -inf", "[json][tools]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  Json stats = Json::object();
  stats.set("a", nan).set("b", -nan).set("c", inf).set("d", -inf);
  CHECK(stats.write() == R"({"a": "nan", "b": "nan", "c": "inf", "d": "-inf"})");
}

TEST_CASE("JSON writes finite floats with the fewest digits that read back", "[json][tools]") {
  Json numbers = Json::array();
  numbers.push(7.9e-05).push(0.0).push(-0.0).push(1.5).push(0.1).push(1e300).push(
      std::numeric_limits<double>::denorm_min());
  CHECK(numbers.write() == "[7.9e-05, 0, -0, 1.5, 0.1, 1e+300, 5e-324]");
}

TEST_CASE("JSON lays out a container inline or a member a line", "[json][tools]") {
  Json inner = Json::object(Json::Layout::Lines);
  inner.set("d", true).set("e", Json());
  Json doc = Json::object(Json::Layout::Lines);
  doc.set("a", 1)
      .set("b", Json::array().push(2).push("x"))
      .set("c", inner)
      .set("f", Json::array(Json::Layout::Lines));
  CHECK(doc.write() ==
        "{\n  \"a\": 1,\n  \"b\": [2, \"x\"],\n  \"c\": {\n    \"d\": true,\n    \"e\": null\n"
        "  },\n  \"f\": []\n}");
  // `indent` is the indentation of the line the document starts on.
  CHECK(inner.write(4) == "{\n      \"d\": true,\n      \"e\": null\n    }");
}
