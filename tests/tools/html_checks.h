// Checks of the HTML report's pages (tools/app/html_report.h) shared by its tests.
#pragma once

#include <string>

namespace tfmc::test {

// Whether `html` is well formed as the report writes pages: after the doctype every start tag
// is closed by its end tag in order (void elements and the SVG's self-closed elements
// excepted), attribute values are quoted and hold no `<`, ids are unique, and every
// `href="#x"` names an id; the script's text is not looked into. Fails with the reason.
void check_well_formed(const std::string& html);

// The text of the element with id `id` in `html`, from its start tag to the end of its
// matching end tag; fails when there is none.
std::string element_with_id(const std::string& html, const std::string& id);

}  // namespace tfmc::test
