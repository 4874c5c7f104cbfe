// The streamed JSON writer (tools/app/json_stream.h) writes, member by member, exactly the text
// that the tree writer (json_document.h) gives for the same document: nested containers at
// their indentation, empty ones as {} and [], inline members as written by their trees.
#include "tools/app/json_stream.h"

#include <catch2/catch.hpp>
#include <sstream>

using tfmc::app::Json;
using tfmc::app::JsonStream;

TEST_CASE("a streamed JSON document is the tree writer's text", "[json][tools]") {
  const Json stats = Json::object().set("states", 3).set("seconds", 7.9e-05);
  const Json outcome =
      Json::object().set("outputs", Json::object().set("r", "A")).set("stuck", false);

  Json tree = Json::object(Json::Layout::Lines);
  Json outcomes = Json::array(Json::Layout::Lines);
  outcomes.push(outcome).push(outcome);
  Json before = Json::object(Json::Layout::Lines);
  before.set("program", "b.tfg")
      .set("outcomes", Json::array(Json::Layout::Lines))
      .set("races", Json::array(Json::Layout::Lines).push(stats));
  tree.set("program", "a.tfg")
      .set("stats", stats)
      .set("outcomes", outcomes)
      .set("before", before)
      .set("empty", Json::object(Json::Layout::Lines))
      .set("refines", Json());

  std::ostringstream out;
  JsonStream doc(out);
  doc.open_object();
  doc.member("program", "a.tfg");
  doc.member("stats", stats);
  doc.open_array("outcomes");
  doc.element(outcome);
  doc.element(outcome);
  doc.close();
  doc.open_object("before");
  doc.member("program", "b.tfg");
  doc.open_array("outcomes");
  doc.close();
  doc.open_array("races");
  doc.element(stats);
  doc.close();
  doc.close();
  doc.open_object("empty");
  doc.close();
  doc.member("refines", Json());
  doc.close();
  CHECK(out.str() == tree.write());
  CHECK(out.str().find("\n  \"before\": {\n    \"program\": \"b.tfg\",\n    \"outcomes\": [],\n") !=
        std::string::npos);
}

TEST_CASE("a streamed JSON array may be the document itself", "[json][tools]") {
  std::ostringstream empty;
  JsonStream none(empty);
  none.open_array();
  none.close();
  CHECK(empty.str() == "[]");
  std::ostringstream out;
  JsonStream doc(out, 2);
  doc.open_array();
  doc.element(1);
  doc.element("x");
  doc.close();
  CHECK(out.str() == Json::array(Json::Layout::Lines).push(1).push("x").write(2));
  CHECK(out.str() == "[\n    1,\n    \"x\"\n  ]");
}
