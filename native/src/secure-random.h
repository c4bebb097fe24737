// Cryptographically secure random bytes from the operating system:
//   Linux:            getrandom(2), falling back to /dev/urandom where the
//                     syscall is missing (ENOSYS) or blocked (EPERM).
//   macOS and BSDs:   arc4random_buf(3).
//   Windows:          BCryptGenRandom with the system-preferred RNG.
// Only Linux is built and tested in this project; the other branches are
// guarded by #ifdefs.
#ifndef SLASHBENCH_NATIVE_SECURE_RANDOM_H_
#define SLASHBENCH_NATIVE_SECURE_RANDOM_H_

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace slashbench {

class SecureRandomError : public std::runtime_error {
 public:
  explicit SecureRandomError(const std::string& what) : std::runtime_error(what) {}
};

// Fills buffer with length random bytes. Throws SecureRandomError when the
// operating system cannot provide them; never returns partially filled output.
void FillSecureRandom(std::uint8_t* buffer, std::size_t length);

}  // namespace slashbench

#endif  // SLASHBENCH_NATIVE_SECURE_RANDOM_H_
