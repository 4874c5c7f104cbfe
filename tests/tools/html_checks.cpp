#include "tools/html_checks.h"

#include <catch2/catch.hpp>
#include <regex>
#include <set>
#include <vector>

namespace tfmc::test {
namespace {

// Elements without an end tag that the report writes.
const std::set<std::string> kVoid = {"meta"};

}  // namespace

void check_well_formed(const std::string& html) {
  REQUIRE(html.rfind("<!DOCTYPE html>\n", 0) == 0);
  std::vector<std::string> open;
  std::set<std::string> ids;
  std::vector<std::string> links;
  const std::regex attribute(R"re(([a-zA-Z:-]+)(="([^"<]*)")?)re");
  for (std::size_t at = html.find('<', 1); at != std::string::npos; at = html.find('<', at + 1)) {
    const std::size_t end = html.find('>', at);
    REQUIRE(end != std::string::npos);
    std::string tag = html.substr(at + 1, end - at - 1);
    INFO("tag <" << tag << ">");
    if (tag[0] == '/') {
      REQUIRE(!open.empty());
      CHECK(open.back() == tag.substr(1));
      open.pop_back();
      continue;
    }
    const bool closed = tag.back() == '/';
    if (closed) tag.pop_back();
    const std::size_t name_end = tag.find_first_of(" \n");
    const std::string name = tag.substr(0, name_end);
    REQUIRE(std::regex_match(name, std::regex("[a-z][a-z0-9]*")));
    if (name_end != std::string::npos) {
      const std::string attributes = tag.substr(name_end + 1);
      for (std::sregex_iterator it(attributes.begin(), attributes.end(), attribute), last;
           it != last; ++it) {
        const std::string value = (*it)[3];
        if ((*it)[1] == "id") CHECK(ids.insert(value).second);
        if ((*it)[1] == "href" && value[0] == '#') links.push_back(value.substr(1));
      }
      CHECK(std::regex_match(attributes, std::regex(R"re((\s*[a-zA-Z:-]+(="[^"<]*")?)+\s*)re")));
    }
    if (name == "script") {
      // Past the script's text: its end tag is the next tag read.
      const std::size_t script_end = html.find("</script>", end);
      REQUIRE(script_end != std::string::npos);
      at = script_end - 1;
      open.push_back(name);
      continue;
    }
    if (!kVoid.count(name) && !closed) open.push_back(name);
  }
  CHECK(open.empty());
  for (const std::string& link : links) {
    INFO("link #" << link);
    CHECK(ids.count(link) == 1);
  }
}

std::string element_with_id(const std::string& html, const std::string& id) {
  const std::size_t attr = html.find(" id=\"" + id + "\"");
  REQUIRE(attr != std::string::npos);
  const std::size_t start = html.rfind('<', attr);
  const std::string name = html.substr(start + 1, html.find_first_of(" >", start) - start - 1);
  // Elements of one name nest: count them to the matching end tag.
  int depth = 0;
  for (std::size_t at = start;; ++at) {
    at = html.find('<', at);
    REQUIRE(at != std::string::npos);
    if (html.compare(at + 1, name.size() + 1, name + " ") == 0 ||
        html.compare(at + 1, name.size() + 1, name + ">") == 0) {
      ++depth;
    } else if (html.compare(at, name.size() + 3, "</" + name + ">") == 0 && --depth == 0) {
      return html.substr(start, at + name.size() + 3 - start);
    }
  }
}

}  // namespace tfmc::test
