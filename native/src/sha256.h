// SHA-256 as specified in FIPS 180-4 (sections 4.1.2, 4.2.2, 5.1.1, 5.3.3, 6.2).
// Written for this project; no third-party code.
#ifndef SLASHBENCH_NATIVE_SHA256_H_
#define SLASHBENCH_NATIVE_SHA256_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace slashbench {

class Sha256 {
 public:
  static constexpr std::size_t kDigestSize = 32;
  static constexpr std::size_t kBlockSize = 64;
  using Digest = std::array<std::uint8_t, kDigestSize>;

  Sha256();

  // Feeds more message bytes. May be called any number of times before Finish().
  void Update(const std::uint8_t* data, std::size_t length);
  void Update(const std::string& data);

  // Pads the message (FIPS 180-4 5.1.1), processes the last block(s) and returns
  // the digest. The object is reset afterwards and can hash a new message.
  Digest Finish();

  static Digest Hash(const std::uint8_t* data, std::size_t length);
  static Digest Hash(const std::string& data);

 private:
  void Reset();
  void ProcessBlock(const std::uint8_t* block);

  std::array<std::uint32_t, 8> state_;
  std::array<std::uint8_t, kBlockSize> buffer_;
  std::size_t buffered_;        // bytes waiting in buffer_
  std::uint64_t total_length_;  // message length in bytes so far
};

// Lowercase hexadecimal rendering of any byte sequence.
std::string ToHex(const std::uint8_t* data, std::size_t length);

}  // namespace slashbench

#endif  // SLASHBENCH_NATIVE_SHA256_H_
