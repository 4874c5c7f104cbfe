// The TF2 SavedModels real TensorFlow wrote (testdata/savedmodel/, tools/tf/make_savedmodels.py),
// each checked with the arguments of its NAME.args. Where every op of a model's run has a
// mapping, tfmc must give exactly TensorFlow's outcome, bit for bit: the values below are what
// make_savedmodels.py printed from TensorFlow 2.21. Where one has none, its results are terms
// (FORMAT.md, "TensorFlow graph files"): the table says which ops tfmc warns about and, value
// by value, what tfmc gives instead of TensorFlow's number. tools/tf/cross_check.py runs the
// same models in TensorFlow and checks that every outcome TensorFlow gives is among tfmc's.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "support/files.h"
#include "support/json_reader.h"
#include "support/outcome_list.h"
#include "support/testdata.h"
#include "support/tfmc_run.h"

namespace {

using tfmc::test::ListedOutcome;

std::string corpus(const std::string& file) {
  return tfmc::test::source_path("testdata/savedmodel/" + file);
}

std::vector<std::string> args_of(const std::string& name) {
  return tfmc::test::nonempty_lines(tfmc::test::read_file(corpus(name + ".args")));
}

// `tfmc check NAME/saved_model.pb` with NAME.args, less `--concurrent K` when `one_call`.
tfmc::test::CliResult check_model(const std::string& name, bool one_call = false) {
  std::vector<std::string> args = {"check", corpus(name + "/saved_model.pb")};
  const std::vector<std::string> model_args = args_of(name);
  for (std::size_t i = 0; i < model_args.size(); ++i) {
    if (one_call && model_args[i] == "--concurrent") {
      ++i;
      continue;
    }
    args.push_back(model_args[i]);
  }
  args.insert(args.end(), {"--json", "--quiet"});
  return tfmc::test::tfmc_run(args);
}

std::vector<ListedOutcome> outcomes(const tfmc::test::CliResult& r) {
  return tfmc::test::outcomes_in_json(tfmc::test::parse_json(r.out));
}

// The ops tfmc's warnings say have no mapping ("op Sqrt has no mapping: ...").
std::set<std::string> unmapped_ops(const std::string& err) {
  static const std::regex kWarning("warning: op (\\w+) has no mapping");
  std::set<std::string> ops;
  for (std::sregex_iterator it(err.begin(), err.end(), kWarning), end; it != end; ++it) {
    ops.insert((*it)[1]);
  }
  return ops;
}

bool is_concrete(const std::string& value) {
  static const std::regex kTensor("(f32|f64|i32|i64|bool)(\\[[0-9,]*\\])?\\{.*\\}");
  return std::regex_match(value, kTensor);
}

// A model whose run is one call: TensorFlow's outcome, the ops without a mapping, and where
// tfmc's outcome differs from TensorFlow's, by output or variable name, what tfmc gives: a
// value, or "term of OP" for a term in which OP appears.
struct OneCall {
  ListedOutcome tensorflow;
  std::set<std::string> unmapped;
  std::map<std::string, std::string> tfmc_gives;
};

// The deterministic models. In the mlp_* models, Keras 3's optimizers compute with Sqrt,
// Pow and Abs, as TensorFlow's kernels round them: every value is TensorFlow's.
// In the raw_* and v1_* models, each ResourceApply* is one update of the variable and its
// slots, computed as TensorFlow's kernel: every value is TensorFlow's.
const std::map<std::string, OneCall>& one_call_models() {
  static const std::map<std::string, OneCall> kModels = {
      {"mlp_sgd_nesterov",
       {{{{"output_0", "f32{0.5625}"}},
         {{"sequential/dense/bias", "f32[1]{0.53125}"},
          {"sequential/dense/kernel", "f32[2,1]{0.78125, 0.3125}"},
          {"sgd/iteration", "i64{1}"},
          {"sgd/learning_rate", "f32{0.125}"},
          {"sgd/sequential_dense_bias_momentum", "f32[1]{0.1875}"},
          {"sgd/sequential_dense_kernel_momentum", "f32[2,1]{0.1875, 0.375}"}}},
        {},
        {}}},
      {"mlp_adam",
       {{{{"output_0", "f32{0.5625}"}},
         {{"adam/iteration", "i64{1}"},
          {"adam/learning_rate", "f32{0.125}"},
          {"adam/sequential_dense_bias_momentum", "f32[1]{-0.15}"},
          {"adam/sequential_dense_bias_velocity", "f32[1]{0.0022500001}"},
          {"adam/sequential_dense_kernel_momentum", "f32[2,1]{-0.15, -0.3}"},
          {"adam/sequential_dense_kernel_velocity", "f32[2,1]{0.0022500001, 0.009000001}"},
          {"sequential/dense/bias", "f32[1]{0.3749989}"},
          {"sequential/dense/kernel", "f32[2,1]{0.6249989, -0.12500095}"}}},
        {},
        {}}},
      {"mlp_adam_amsgrad",
       {{{{"output_0", "f32{0.5625}"}},
         {{"adam/iteration", "i64{1}"},
          {"adam/learning_rate", "f32{0.125}"},
          {"adam/sequential_dense_bias_momentum", "f32[1]{-0.15}"},
          {"adam/sequential_dense_bias_velocity", "f32[1]{0.0022500001}"},
          {"adam/sequential_dense_bias_velocity_hat", "f32[1]{0.0022500001}"},
          {"adam/sequential_dense_kernel_momentum", "f32[2,1]{-0.15, -0.3}"},
          {"adam/sequential_dense_kernel_velocity", "f32[2,1]{0.0022500001, 0.009000001}"},
          {"adam/sequential_dense_kernel_velocity_hat", "f32[2,1]{0.0022500001, 0.009000001}"},
          {"sequential/dense/bias", "f32[1]{0.3749989}"},
          {"sequential/dense/kernel", "f32[2,1]{0.6249989, -0.12500095}"}}},
        {},
        {}}},
      {"mlp_adamax",
       {{{{"output_0", "f32{0.5625}"}},
         {{"adamax/iteration", "i64{1}"},
          {"adamax/learning_rate", "f32{0.125}"},
          {"adamax/sequential_dense_bias_momentum", "f32[1]{-0.15}"},
          {"adamax/sequential_dense_bias_norm", "f32[1]{1.5}"},
          {"adamax/sequential_dense_kernel_momentum", "f32[2,1]{-0.15, -0.3}"},
          {"adamax/sequential_dense_kernel_norm", "f32[2,1]{1.5, 3}"},
          {"sequential/dense/bias", "f32[1]{0.37499997}"},
          {"sequential/dense/kernel", "f32[2,1]{0.62499994, -0.12500003}"}}},
        {},
        {}}},
      {"mlp_adagrad",
       {{{{"output_0", "f32{0.5625}"}},
         {{"adagrad/iteration", "i64{1}"},
          {"adagrad/learning_rate", "f32{0.125}"},
          {"adagrad/sequential_dense_bias_accumulator", "f32[1]{2.35}"},
          {"adagrad/sequential_dense_kernel_accumulator", "f32[2,1]{2.35, 9.1}"},
          {"sequential/dense/bias", "f32[1]{0.37231153}"},
          {"sequential/dense/kernel", "f32[2,1]{0.62231153, -0.1256887}"}}},
        {},
        {}}},
      {"mlp_adadelta",
       {{{{"output_0", "f32{0.5625}"}},
         {{"adadelta/iteration", "i64{1}"},
          {"adadelta/learning_rate", "f32{1}"},
          {"adadelta/sequential_dense_bias_accumulated_delta_var", "f32[1]{9.99999e-08}"},
          {"adadelta/sequential_dense_bias_accumulated_grad", "f32[1]{0.112500004}"},
          {"adadelta/sequential_dense_kernel_accumulated_delta_var",
           "f32[2,1]{9.99999e-08, 9.9999966e-08}"},
          {"adadelta/sequential_dense_kernel_accumulated_grad",
           "f32[2,1]{0.112500004, 0.45000002}"},
          {"sequential/dense/bias", "f32[1]{0.2514142}"},
          {"sequential/dense/kernel", "f32[2,1]{0.50141424, -0.24858579}"}}},
        {},
        {}}},
      {"mlp_rmsprop",
       {{{{"output_0", "f32{0.5625}"}},
         {{"rm_sprop/iteration", "i64{1}"},
          {"rm_sprop/learning_rate", "f32{0.125}"},
          {"rm_sprop/sequential_dense_bias_velocity", "f32[1]{0.22500001}"},
          {"rm_sprop/sequential_dense_kernel_velocity", "f32[2,1]{0.22500001, 0.90000004}"},
          {"sequential/dense/bias", "f32[1]{0.6452846}"},
          {"sequential/dense/kernel", "f32[2,1]{0.8952846, 0.14528465}"}}},
        {},
        {}}},
      {"mlp_rmsprop_centered",
       {{{{"output_0", "f32{0.5625}"}},
         {{"rm_sprop/iteration", "i64{1}"},
          {"rm_sprop/learning_rate", "f32{0.125}"},
          {"rm_sprop/sequential_dense_bias_average_gradient", "f32[1]{-0.15}"},
          {"rm_sprop/sequential_dense_bias_momentum", "f32[1]{-0.41666657}"},
          {"rm_sprop/sequential_dense_bias_velocity", "f32[1]{0.22500001}"},
          {"rm_sprop/sequential_dense_kernel_average_gradient", "f32[2,1]{-0.15, -0.3}"},
          {"rm_sprop/sequential_dense_kernel_momentum", "f32[2,1]{-0.41666657, -0.41666663}"},
          {"rm_sprop/sequential_dense_kernel_velocity", "f32[2,1]{0.22500001, 0.90000004}"},
          {"sequential/dense/bias", "f32[1]{0.66666657}"},
          {"sequential/dense/kernel", "f32[2,1]{0.91666657, 0.16666663}"}}},
        {},
        {}}},
      {"mlp_ftrl",
       {{{{"output_0", "f32{0.5625}"}},
         {{"ftrl/iteration", "i64{1}"},
          {"ftrl/learning_rate", "f32{0.125}"},
          {"ftrl/sequential_dense_bias_accumulator", "f32[1]{2.35}"},
          {"ftrl/sequential_dense_bias_linear", "f32[1]{-3.9334862}"},
          {"ftrl/sequential_dense_kernel_accumulator", "f32[2,1]{2.35, 9.1}"},
          {"ftrl/sequential_dense_kernel_linear", "f32[2,1]{-6.3669724, 2.400786}"},
          {"sequential/dense/bias", "f32[1]{0.31940413}"},
          {"sequential/dense/kernel", "f32[2,1]{0.51750994, -0.098985195}"}}},
        {},
        {}}},
      {"raw_gradient_descent",
       {{{{"output_0", "f32{0.5625}"}},
         {{"b", "f32[1]{0.4375}"}, {"w", "f32[2,1]{0.6875, 0.125}"}}},
        {},
        {}}},
      {"raw_momentum",
       {{{{"output_0", "f32{0.5625}"}},
         {{"b", "f32[1]{0.4375}"},
          {"b_accum", "f32[1]{-1.5}"},
          {"w", "f32[2,1]{0.6875, 0.125}"},
          {"w_accum", "f32[2,1]{-1.5, -3}"}}},
        {},
        {}}},
      {"raw_momentum_nesterov",
       {{{{"output_0", "f32{0.5625}"}},
         {{"b", "f32[1]{0.53125}"},
          {"b_accum", "f32[1]{-1.5}"},
          {"w", "f32[2,1]{0.78125, 0.3125}"},
          {"w_accum", "f32[2,1]{-1.5, -3}"}}},
        {},
        {}}},
      {"raw_keras_momentum",
       {{{{"output_0", "f32{0.5625}"}},
         {{"b", "f32[1]{0.4375}"},
          {"b_accum", "f32[1]{0.1875}"},
          {"w", "f32[2,1]{0.6875, 0.125}"},
          {"w_accum", "f32[2,1]{0.1875, 0.375}"}}},
        {},
        {}}},
      {"raw_adam",
       {{{{"output_0", "f32{0.5625}"}},
         {{"b", "f32[1]{0.34375}"},
          {"b_m", "f32[1]{-0.75}"},
          {"b_v", "f32[1]{0.5625}"},
          {"w", "f32[2,1]{0.59375, -0.14285713}"},
          {"w_m", "f32[2,1]{-0.75, -1.5}"},
          {"w_v", "f32[2,1]{0.5625, 2.25}"}}},
        {},
        {}}},
      {"raw_adam_amsgrad",
       {{{{"output_0", "f32{0.5625}"}},
         {{"b", "f32[1]{0.34375}"},
          {"b_m", "f32[1]{-0.75}"},
          {"b_v", "f32[1]{0.5625}"},
          {"b_vhat", "f32[1]{0.5625}"},
          {"w", "f32[2,1]{0.59375, -0.14285713}"},
          {"w_m", "f32[2,1]{-0.75, -1.5}"},
          {"w_v", "f32[2,1]{0.5625, 2.25}"},
          {"w_vhat", "f32[2,1]{0.5625, 2.25}"}}},
        {},
        {}}},
      {"raw_adamax",
       {{{{"output_0", "f32{0.5625}"}},
         {{"b", "f32[1]{0.35714287}"},
          {"b_m", "f32[1]{-0.75}"},
          {"b_v", "f32[1]{1.5}"},
          {"w", "f32[2,1]{0.60714287, -0.13461539}"},
          {"w_m", "f32[2,1]{-0.75, -1.5}"},
          {"w_v", "f32[2,1]{1.5, 3}"}}},
        {},
        {}}},
      {"raw_adagrad",
       {{{{"output_0", "f32{0.5625}"}},
         {{"b", "f32[1]{0.3685854}"},
          {"b_accum", "f32[1]{2.5}"},
          {"w", "f32[2,1]{0.6185854, -0.12670076}"},
          {"w_accum", "f32[2,1]{2.5, 9.25}"}}},
        {},
        {}}},
      {"raw_adagrad_v2",
       {{{{"output_0", "f32{0.5625}"}},
         {{"b", "f32[1]{0.3523953}"},
          {"b_accum", "f32[1]{2.5}"},
          {"w", "f32[2,1]{0.6023953, -0.13606608}"},
          {"w_accum", "f32[2,1]{2.5, 9.25}"}}},
        {},
        {}}},
      {"raw_adadelta",
       {{{{"output_0", "f32{0.5625}"}},
         {{"b", "f32[1]{1.0820503}"},
          {"b_accum", "f32[1]{0.5625}"},
          {"b_accum_update", "f32[1]{0.17307694}"},
          {"w", "f32[2,1]{1.3320503, 0.69868326}"},
          {"w_accum", "f32[2,1]{0.5625, 2.25}"},
          {"w_accum_update", "f32[2,1]{0.17307694, 0.22499998}"}}},
        {},
        {}}},
      {"raw_rmsprop",
       {{{{"output_0", "f32{0.5625}"}},
         {{"b", "f32[1]{0.4375}"},
          {"b_mom", "f32[1]{-0.1875}"},
          {"b_ms", "f32[1]{0.75}"},
          {"w", "f32[2,1]{0.6875, -0.02125214}"},
          {"w_mom", "f32[2,1]{-0.1875, -0.22874786}"},
          {"w_ms", "f32[2,1]{0.75, 2.4375}"}}},
        {},
        {}}},
      {"raw_centered_rmsprop",
       {{{{"output_0", "f32{0.5625}"}},
         {{"b", "f32[1]{0.45225996}"},
          {"b_mg", "f32[1]{-0.375}"},
          {"b_mom", "f32[1]{-0.20225996}"},
          {"b_ms", "f32[1]{0.75}"},
          {"w", "f32[2,1]{0.70225996, 0.007247895}"},
          {"w_mg", "f32[2,1]{-0.375, -0.75}"},
          {"w_mom", "f32[2,1]{-0.20225996, -0.2572479}"},
          {"w_ms", "f32[2,1]{0.75, 2.4375}"}}},
        {},
        {}}},
      {"raw_ftrl",
       {{{{"output_0", "f32{0.5625}"}},
         {{"b", "f32[1]{0.28828207}"},
          {"b_accum", "f32[1]{2.5}"},
          {"b_linear", "f32[1]{-3.6622777}"},
          {"w", "f32[2,1]{0.45895526, -0.08512005}"},
          {"w_accum", "f32[2,1]{2.5, 9.25}"},
          {"w_linear", "f32[2,1]{-5.8245554, 2.0827627}"}}},
        {},
        {}}},
      {"raw_ftrl_v2",
       {{{{"output_0", "f32{0.5625}"}},
         {{"b", "f32[1]{0.28749275}"},
          {"b_accum", "f32[1]{2.5}"},
          {"b_linear", "f32[1]{-3.6522777}"},
          {"w", "f32[2,1]{0.4573766, -0.08470939}"},
          {"w_accum", "f32[2,1]{2.5, 9.25}"},
          {"w_linear", "f32[2,1]{-5.8045554, 2.0727627}"}}},
        {},
        {}}},
      {"raw_proximal_gradient_descent",
       {{{{"output_0", "f32{0.5625}"}},
         {{"b", "f32[1]{0.43570536}"}, {"w", "f32[2,1]{0.6853932, 0.123595506}"}}},
        {},
        {}}},
      {"raw_proximal_adagrad",
       {{{{"output_0", "f32{0.5625}"}},
         {{"b", "f32[1]{0.3675043}"},
          {"b_accum", "f32[1]{2.5}"},
          {"w", "f32[2,1]{0.61730677, -0.12623787}"},
          {"w_accum", "f32[2,1]{2.5, 9.25}"}}},
        {},
        {}}},
      {"v1_momentum",
       {{{{"loss", "f32{0.140625}"}},
         {{"b", "f32[1]{0.4375}"},
          {"b/Momentum", "f32[1]{-1.5}"},
          {"w", "f32[2,1]{0.6875, 0.125}"},
          {"w/Momentum", "f32[2,1]{-1.5, -3}"}}},
        {},
        {}}},
      {"v1_adam",
       {{{{"loss", "f32{0.06250006}"}},
         {{"b", "f32[1]{0.37499997}"},
          {"b/Adam", "f32[1]{-0.15000004}"},
          {"b/Adam_1", "f32[1]{0.002249971}"},
          {"beta1_power", "f32{0.80999994}"},
          {"beta2_power", "f32{0.99800104}"},
          {"w", "f32[2,1]{0.62499994, -0.12500003}"},
          {"w/Adam", "f32[2,1]{-0.15000004, -0.30000007}"},
          {"w/Adam_1", "f32[2,1]{0.002249971, 0.008999884}"}}},
        {},
        {}}},
      {"mlp_hidden_two_steps",
       {{{{"output_0", "f32{10.983791}"}},
         {{"sequential/dense/bias",
           "f32[16]{-0.20389721, 0.14393455, -0.3559608, -0.4756474, 0.022509448, -0.036990445, "
           "-0.2507897, -0.359891, 0.14192106, 0.022973944, 0.13591439, -0.25607416, -0.5677785, "
           "-0.3124618, 0.09494966, 0.053132594}"},
          {"sequential/dense/kernel",
           "f32[4,16]{-0.6034247, 0.09329566, 0.14307284, -0.13483152, 0.17419033, 0.46418983, "
           "0.07170598, -0.6112801, 0.36917973, -0.2302596, 0.39108735, -0.16846345, 0.40763745, "
           "-0.41843322, 0.8271383, -0.5254136, -0.28718472, 0.06613605, 0.58856845, -0.31910682, "
           "0.043790728, -1.1207052, 0.2848096, -0.071073875, -0.099843696, 0.8698768, -0.4033718, "
           "-0.03303738, 0.4841853, 0.36677778, 0.30179033, 0.032770336, -0.40588444, -0.31017163, "
           "-0.92508155, -0.26246667, -0.025615036, 0.07610949, -0.12928787, -0.443497, "
           "-0.37762144, -1.0044456, -0.6714519, -0.10526511, 0.0235492, -0.12764727, -0.8660091, "
           "-0.029492736, -0.5257312, 0.53308475, -0.49625003, -0.12793732, -0.12787735, "
           "-0.84214455, -0.3706258, 0.8239403, 1.0494844, 0.17973045, -0.95835197, -0.6320411, "
           "-0.13281243, 1.4948782, 0.040128693, -0.5886987}"},
          {"sequential/dense_1/bias", "f32[1]{0.8299179}"},
          {"sequential/dense_1/kernel",
           "f32[16,1]{0.14138044, 0.31308073, -0.5860833, 0.1875039, -0.09346099, 0.8253517, "
           "-0.23853123, 0.580171, 0.8483937, 0.02063481, -0.20812231, -0.17311755, -0.13466877, "
           "1.0644163, -0.0912026, 0.7769356}"},
          {"sgd/iteration", "i64{2}"},
          {"sgd/learning_rate", "f32{0.125}"}}},
        {},
        {}}},
      {"range_loop", {{{{"output_0", "i32{2}"}}, {{"total", "f32{3}"}}}, {}, {}}},
      {"captured_constant",
       {{{{"output_0", "f32[2]{6.5, -0.5}"}}, {{"w", "f32[2]{0.5, -1.5}"}}}, {}, {}}},
  };
  return kModels;
}

// The outcome tfmc must give for a OneCall model: TensorFlow's, changed where the table says.
void check_one_call(const std::string& name, const OneCall& want) {
  const tfmc::test::CliResult r = check_model(name);
  INFO(name << "\n" << r.err);
  CHECK(r.code == 0);
  CHECK(unmapped_ops(r.err) == want.unmapped);
  const std::vector<ListedOutcome> got = outcomes(r);
  REQUIRE(got.size() == 1);
  for (const bool variables : {false, true}) {
    const auto& got_values = variables ? got[0].variables : got[0].outputs;
    const auto& tf_values = variables ? want.tensorflow.variables : want.tensorflow.outputs;
    REQUIRE(got_values.size() == tf_values.size());
    for (std::size_t i = 0; i < tf_values.size(); ++i) {
      const auto& [key, tf_value] = tf_values[i];
      INFO(key);
      CHECK(got_values[i].first == key);
      const auto differs = want.tfmc_gives.find(key);
      if (differs == want.tfmc_gives.end()) {
        CHECK(got_values[i].second == tf_value);
      } else if (differs->second.starts_with("term of ")) {
        CHECK(!is_concrete(got_values[i].second));
        CHECK(got_values[i].second.find(differs->second.substr(8)) != std::string::npos);
      } else {
        CHECK(got_values[i].second == differs->second);
      }
    }
  }
}

// Two concurrent calls of a streaming mean's update(9), total = 6 and count = 2: each call
// reads total and assigns the sum, then count likewise, and returns total / count read after
// its own updates. An update of each may be lost (total 15 or 24, count 3 or 4), and each
// result divides a total it read (15 or 24) by a count it read (3 or 4): 3.75, 5, 6 or 8.
std::vector<ListedOutcome> streaming_mean_outcomes(const std::string& count,
                                                   const std::string& total) {
  struct Row {
    const char* first;
    const char* second;
    const char* count;
    const char* total;
  };
  static const Row kRows[] = {
      {"3.75", "3.75", "4", "15"}, {"3.75", "5", "4", "15"}, {"3.75", "6", "4", "24"},
      {"3.75", "8", "4", "24"},    {"5", "3.75", "4", "15"}, {"5", "5", "3", "15"},
      {"5", "6", "4", "24"},       {"5", "8", "3", "24"},    {"6", "3.75", "4", "24"},
      {"6", "5", "4", "24"},       {"6", "6", "4", "24"},    {"6", "8", "4", "24"},
      {"8", "3.75", "4", "24"},    {"8", "5", "3", "24"},    {"8", "6", "4", "24"},
      {"8", "8", "3", "24"},
  };
  auto f32 = [](const char* v) { return "f32{" + std::string(v) + "}"; };
  std::vector<ListedOutcome> want;
  for (const Row& row : kRows) {
    want.push_back({{{"output_0@1", f32(row.first)}, {"output_0@2", f32(row.second)}},
                    {{count, f32(row.count)}, {total, f32(row.total)}}});
  }
  return want;
}

// The variables of the races in a JSON result, observable ones only.
std::set<std::string> observably_raced(const tfmc::test::Json& doc) {
  std::set<std::string> raced;
  for (const auto& race : doc.at("races").items) {
    if (race.at("observable").boolean) raced.insert(race.at("variable").text);
  }
  return raced;
}

}  // namespace

TEST_CASE("SavedModel corpus: every model has its test", "[graphdef][savedmodel][corpus]") {
  std::set<std::string> models;
  for (const auto& entry : std::filesystem::directory_iterator(corpus(""))) {
    if (entry.path().extension() == ".args") models.insert(entry.path().stem());
  }
  std::set<std::string> tested = {"keras_cnn", "keras_mean", "mlp_hidden_hogwild",
                                  "streaming_mean"};
  for (const auto& [name, want] : one_call_models()) tested.insert(name);
  CHECK(models == tested);
}

TEST_CASE("SavedModel corpus: one call gives TensorFlow's values where its ops are mapped",
          "[graphdef][savedmodel][corpus]") {
  for (const auto& [name, want] : one_call_models()) {
    DYNAMIC_SECTION(name) { check_one_call(name, want); }
  }
}

TEST_CASE("SavedModel corpus: describe names a captured constant by its Const node",
          "[graphdef][savedmodel][corpus]") {
  const tfmc::test::CliResult r =
      tfmc::test::tfmc_run({"describe", corpus("captured_constant/saved_model.pb")});
  INFO(r.err);
  CHECK(r.code == 0);
  CHECK(r.out.find("    captures: constant Const, w\n") != std::string::npos);
}

TEST_CASE("SavedModel corpus: two concurrent updates of a streaming mean lose updates",
          "[graphdef][savedmodel][corpus]") {
  // Keras 3's Mean updates with ReadVariableOp, Add and AssignVariableOp, as the hand-written
  // one does: both lose updates alike.
  for (const auto& [name, count, total] :
       {std::tuple<std::string, std::string, std::string>{"keras_mean", "mean/count", "mean/total"},
        {"streaming_mean", "count", "total"}}) {
    DYNAMIC_SECTION(name) {
      const tfmc::test::CliResult r = check_model(name);
      INFO(r.err);
      CHECK(unmapped_ops(r.err).empty());
      CHECK(r.code == 1);
      const auto doc = tfmc::test::parse_json(r.out);
      CHECK(!doc.at("deterministic").boolean);
      CHECK(observably_raced(doc) == std::set<std::string>{count, total});
      tfmc::test::check_outcome_list(outcomes(r), streaming_mean_outcomes(count, total));
    }
  }
}

TEST_CASE("SavedModel corpus: two concurrent Keras CNN train steps race on the kernels",
          "[graphdef][savedmodel][corpus]") {
  // Conv2D and its gradients (Conv2DBackpropFilter, Conv2DBackpropInput) compute: the
  // outcomes differ in which weights each step read.
  const tfmc::test::CliResult r = check_model("keras_cnn");
  INFO(r.err);
  CHECK(unmapped_ops(r.err).empty());
  CHECK(r.code == 1);
  const auto doc = tfmc::test::parse_json(r.out);
  CHECK(!doc.at("deterministic").boolean);
  const std::vector<ListedOutcome> got = outcomes(r);
  CHECK(got.size() == 62);
  std::set<std::string> iterations;
  for (const ListedOutcome& o : got) {
    for (const auto& [name, value] : o.outputs) CHECK(value.find("Error(") == std::string::npos);
    for (const auto& [name, value] : o.variables) {
      CHECK(value.find("Error(") == std::string::npos);
      if (name == "sgd/iteration") iterations.insert(value);
    }
  }
  // The two steps' iteration updates are read-add-assigns too: one may be lost.
  CHECK(iterations == std::set<std::string>{"i64{1}", "i64{2}"});
  for (const char* kernel : {"sequential/conv2d/kernel", "sequential/conv2d/bias",
                             "sequential/dense/kernel", "sequential/dense/bias"}) {
    CHECK(observably_raced(doc).count(kernel) == 1);
  }
  // One step alone, derived by hand (every value is a short binary fraction, so no sum
  // rounds): the convolution gives {1.625, 2, 2.75, 3.125}, the prediction 3.625, the loss
  // (3.625 - 1)^2, and the loss's gradient 5.25 flows back through both layers.
  const tfmc::test::CliResult one = check_model("keras_cnn", true);
  CHECK(one.code == 0);
  const std::vector<ListedOutcome> step = outcomes(one);
  REQUIRE(step.size() == 1);
  CHECK(step[0].outputs.at(0).second == "f32{6.890625}");
  const std::vector<std::pair<std::string, std::string>> weights = {
      {"sequential/conv2d/bias", "f32[1]{-0.3203125}"},
      {"sequential/conv2d/kernel", "f32[2,2,1,1]{-0.19726562, -1.1523438, -1.0625, -0.5175781}"},
      {"sequential/dense/bias", "f32[1]{-0.65625}"},
      {"sequential/dense/kernel", "f32[4,1]{-0.56640625, -1.8125, -1.5546875, -1.0507812}"},
      {"sgd/iteration", "i64{1}"},
      {"sgd/learning_rate", "f32{0.125}"}};
  CHECK(step[0].variables == weights);
}

// The two serial orders of the Hogwild model's calls, as TensorFlow computes them: the first
// call's loss f32{10.983791}, the second's f32{11.502941}, and the weights of two steps.
TEST_CASE("SavedModel corpus: two Hogwild train steps of a hidden-layer model",
          "[graphdef][savedmodel][corpus]") {
  const tfmc::test::CliResult r = check_model("mlp_hidden_hogwild");
  INFO(r.err);
  CHECK(unmapped_ops(r.err).empty());
  CHECK(r.code == 1);
  const std::vector<std::pair<std::string, std::string>> weights = {
      {"sequential/dense/bias",
       "f32[16]{-0.20389721, 0.14393455, -0.3559608, -0.4756474, 0.022509448, -0.036990445, "
       "-0.2507897, -0.359891, 0.14192106, 0.022973944, 0.13591439, -0.25607416, -0.5677785, "
       "-0.3124618, 0.09494966, 0.053132594}"},
      {"sequential/dense/kernel",
       "f32[4,16]{-0.6034247, 0.09329566, 0.14307284, -0.13483152, 0.17419033, 0.46418983, "
       "0.07170598, -0.6112801, 0.36917973, -0.2302596, 0.39108735, -0.16846345, 0.40763745, "
       "-0.41843322, 0.8271383, -0.5254136, -0.28718472, 0.06613605, 0.58856845, -0.31910682, "
       "0.043790728, -1.1207052, 0.2848096, -0.071073875, -0.099843696, 0.8698768, -0.4033718, "
       "-0.03303738, 0.4841853, 0.36677778, 0.30179033, 0.032770336, -0.40588444, -0.31017163, "
       "-0.92508155, -0.26246667, -0.025615036, 0.07610949, -0.12928787, -0.443497, -0.37762144, "
       "-1.0044456, -0.6714519, -0.10526511, 0.0235492, -0.12764727, -0.8660091, -0.029492736, "
       "-0.5257312, 0.53308475, -0.49625003, -0.12793732, -0.12787735, -0.84214455, -0.3706258, "
       "0.8239403, 1.0494844, 0.17973045, -0.95835197, -0.6320411, -0.13281243, 1.4948782, "
       "0.040128693, -0.5886987}"},
      {"sequential/dense_1/bias", "f32[1]{0.8299179}"},
      {"sequential/dense_1/kernel",
       "f32[16,1]{0.14138044, 0.31308073, -0.5860833, 0.1875039, -0.09346099, 0.8253517, "
       "-0.23853123, 0.580171, 0.8483937, 0.02063481, -0.20812231, -0.17311755, -0.13466877, "
       "1.0644163, -0.0912026, 0.7769356}"},
      {"sgd/iteration", "i64{2}"},
      {"sgd/learning_rate", "f32{0.125}"}};
  const std::vector<ListedOutcome> got = outcomes(r);
  for (const auto& [first, second] :
       {std::pair<std::string, std::string>{"f32{10.983791}", "f32{11.502941}"},
        {"f32{11.502941}", "f32{10.983791}"}}) {
    const ListedOutcome serial{{{"output_0@1", first}, {"output_0@2", second}}, weights};
    const bool found = std::any_of(got.begin(), got.end(), [&](const ListedOutcome& o) {
      return o.outputs == serial.outputs && o.variables == serial.variables;
    });
    INFO(first << " then " << second);
    CHECK(found);
  }
  // Every outcome is concrete: no op of the step is left unmapped.
  for (const ListedOutcome& o : got) {
    for (const auto& [name, value] : o.variables) CHECK(is_concrete(value));
  }
}
