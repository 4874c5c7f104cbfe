#include "support/process.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "support/files.h"

namespace tfmc::test {
namespace {

// A file made with mkstemp, removed when this goes out of scope. The child writes its
// stdout and stderr to such files: unlike two pipes, they cannot deadlock a child that
// fills one stream while the parent waits on the other.
class TempFile {
 public:
  TempFile() {
    path_ = (std::filesystem::temp_directory_path() / "tfmc_test_XXXXXX").string();
    fd_ = mkstemp(path_.data());
    if (fd_ < 0) throw std::runtime_error("mkstemp failed: " + std::string(std::strerror(errno)));
  }
  ~TempFile() {
    close(fd_);
    unlink(path_.c_str());
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;

  int fd() const { return fd_; }
  std::string contents() const { return read_file(path_); }

 private:
  std::string path_;
  int fd_ = -1;
};

}  // namespace

ProcessResult run_process(const std::string& program, const std::vector<std::string>& args,
                          const std::filesystem::path& cwd) {
  TempFile out;
  TempFile err;
  // Everything the child needs is prepared before fork: after it, the child only makes
  // async-signal-safe calls.
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(program.c_str()));
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const std::string dir = cwd.string();

  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed: " + std::string(std::strerror(errno)));
  if (pid == 0) {
    const int null_in = open("/dev/null", O_RDONLY);
    if (null_in < 0 || dup2(null_in, 0) < 0 || dup2(out.fd(), 1) < 0 || dup2(err.fd(), 2) < 0 ||
        chdir(dir.c_str()) != 0) {
      _exit(127);
    }
    execv(program.c_str(), argv.data());
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR)
      throw std::runtime_error("waitpid failed: " + std::string(std::strerror(errno)));
  }
  ProcessResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = out.contents();
  r.err = err.contents();
  return r;
}

std::string tfmc_command(const std::vector<std::string>& args) {
  std::string out = "tfmc";
  for (const std::string& a : args) out += " " + a;
  return out;
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

}  // namespace tfmc::test
