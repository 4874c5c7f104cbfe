// How check and compare print large tensors (FORMAT.md, "Large tensors"): a summary
// with where outcomes differ in the text report, every element with --full-values and in JSON,
// digests with --values digest. The program races an AssignAdd of 0.5 against a Read and a
// Write of the read less 0.5 on a 6 x 6 variable of ones; its three outcomes, worked out by
// hand: the AssignAdd between the Read and the Write (rd = 1, w = 0.5), the AssignAdd last
// (rd = 1, w = 1), the AssignAdd first (rd = 1.5, w = 1).
#include <catch2/catch.hpp>
#include <string>

#include "semantics/values/tensor_summary.h"
#include "semantics/values/tensor_text.h"
#include "support/files.h"
#include "support/json_reader.h"
#include "support/tfmc_run.h"

namespace {

using tfmc::test::tfmc_run;

const char* kRace =
    "var w = f32[6,6]{1}\n"
    "dims = Const {value=i32[2]{6, 6}}\n"
    "half = Const {value=f32{0.5}}\n"
    "g = Fill(dims, half)\n"
    "rd = Read(&w)\n"
    "step = Sub(rd, g)\n"
    "wr = Write(&w, step)\n"
    "u = AssignAdd(&w, g)\n"
    "output rd\n";

std::string digest_of(const std::string& literal) {
  return tfmc::sem::tensor_digest(*tfmc::sem::parse_tensor_literal(literal).tensor);
}

}  // namespace

TEST_CASE("the text report summarizes large tensors and says where outcomes differ",
          "[tools][summary]") {
  const std::string file = tfmc::test::write_test_file("race.tfg", kRace);
  const auto r = tfmc_run({"check", file, "--quiet"});
  CHECK(r.code == 1);
  const std::string ones = digest_of("f32[6,6]{1}");
  const std::string halves = digest_of("f32[6,6]{0.5}");
  const std::string more = digest_of("f32[6,6]{1.5}");
  const auto summary = [](const std::string& v, const std::string& digest) {
    return "f32[6,6]{" + v + ", " + v + ", " + v + ", " + v + ", ..., " + v + ", " + v +
           "} (36 elements, digest " + digest + ")";
  };
  const std::string differ =
      " differs from outcome 1 in 36 of 36 elements: largest absolute "
      "difference 0.5, first at [0,0]\n";
  // Outcomes are listed in the order of their values: w = 0.5, then w = 1 with rd = 1, then
  // rd = 1.5.
  CHECK(r.out.find("outcome 1 of 3:\n  output rd = " + summary("1", ones) + "\n  variable w = " +
                   summary("0.5", halves) + "\n  witness: ") != std::string::npos);
  CHECK(r.out.find("outcome 2 of 3:\n  output rd = " + summary("1", ones) + "\n  variable w = " +
                   summary("1", ones) + "\n  variable w" + differ) != std::string::npos);
  CHECK(r.out.find("outcome 3 of 3:\n  output rd = " + summary("1.5", more) +
                   "\n  variable w = " + summary("1", ones) + "\n  output rd" + differ +
                   "  variable w" + differ) != std::string::npos);

  const auto full = tfmc_run({"check", file, "--quiet", "--full-values"});
  CHECK(full.out.find("variable w = f32[6,6]{0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5,") !=
        std::string::npos);
  CHECK(full.out.find("digest") == std::string::npos);
  CHECK(full.out.find("differs") == std::string::npos);
}

TEST_CASE("JSON keeps every element unless --values digest", "[tools][summary]") {
  const std::string file = tfmc::test::write_test_file("race.tfg", kRace);
  const auto json = tfmc_run({"check", file, "--quiet", "--json"});
  const tfmc::test::Json doc = tfmc::test::parse_json(json.out);
  const std::string w = doc.at("outcomes").items.at(0).at("variables").at("w").text;
  CHECK(w == tfmc::sem::format_tensor(*tfmc::sem::parse_tensor_literal("f32[6,6]{0.5}").tensor));

  const auto digests = tfmc_run({"check", file, "--quiet", "--json", "--values", "digest"});
  const tfmc::test::Json d = tfmc::test::parse_json(digests.out);
  CHECK(d.at("outcomes").items.at(0).at("variables").at("w").text ==
        "f32[6,6] digest " + digest_of("f32[6,6]{0.5}"));
  // A small value prints in full in every form.
  const std::string small = tfmc::test::write_test_file("small.tfg",
                                                        "input x = f32[2]{1, 2}\n"
                                                        "output x\n");
  const auto text = tfmc_run({"check", small, "--quiet", "--values", "digest"});
  CHECK(text.out.find("output x = f32[2]{1, 2}\n") != std::string::npos);
}

TEST_CASE("the options --full-values and --values digest contradict each other",
          "[tools][summary]") {
  const std::string file = tfmc::test::write_test_file("race.tfg", kRace);
  const auto r = tfmc_run({"check", file, "--full-values", "--values", "digest"});
  CHECK(r.code == 2);
  CHECK(r.err == "tfmc: --full-values contradicts --values digest\n");
  CHECK(r.out.empty());
  const auto bad = tfmc_run({"check", file, "--values", "short"});
  CHECK(bad.code == 2);
}
