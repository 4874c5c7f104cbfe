// What `tfmc --version` says: the version and the commit tfmc was built from.
#pragma once

namespace tfmc::app {

// "0.1.0 (commit 0123456789ab)": the project's version and `git describe --always` of the
// checkout when the build was configured ("unknown" outside a git checkout). Defined in the
// file tools/CMakeLists.txt generates from version_info.cpp.in.
const char* version_text();

}  // namespace tfmc::app
