#include "tools/app/html_text.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <cctype>

namespace tfmc::app {

std::string escaped(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string linked(std::string_view text, const std::string& prefix) {
  const std::string html = escaped(text);
  std::string out;
  out.reserve(html.size());
  for (std::size_t i = 0; i < html.size();) {
    std::size_t end = i + 1;
    while (html[i] == '%' && end < html.size() &&
           std::isdigit(static_cast<unsigned char>(html[end])))
      ++end;
    if (end == i + 1) {
      out += html[i++];
      continue;
    }
    const std::string_view name(html.data() + i, end - i);
    out += fmt::format("<a href=\"#{}t{}\">{}</a>", prefix, name.substr(1), name);
    i = end;
  }
  return out;
}

void write_definitions(std::ostream& out, const std::vector<sem::TermDefinition>& terms,
                       const std::string& prefix) {
  if (terms.empty()) return;
  out << "<p>where:</p>\n<dl class=\"terms\">\n";
  for (const auto& [name, text] : terms) {
    fmt::print(out, "<dt id=\"{}t{}\">{}</dt><dd class=\"value\">{}</dd>\n", prefix, name.substr(1),
               name, linked(text, prefix));
  }
  out << "</dl>\n";
}

}  // namespace tfmc::app
