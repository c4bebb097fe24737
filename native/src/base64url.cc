#include "base64url.h"

namespace slashbench {
namespace {

// RFC 4648 Table 2, "The 'URL and Filename safe' Base 64 Alphabet".
constexpr char kAlphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

}  // namespace

std::string Base64UrlEncode(const std::uint8_t* data, std::size_t length) {
  std::string out;
  out.reserve((length / 3) * 4 + 4);
  std::size_t i = 0;
  // Each full 24-bit group becomes four 6-bit characters.
  for (; i + 3 <= length; i += 3) {
    const std::uint32_t group = (static_cast<std::uint32_t>(data[i]) << 16) |
                                (static_cast<std::uint32_t>(data[i + 1]) << 8) |
                                static_cast<std::uint32_t>(data[i + 2]);
    out.push_back(kAlphabet[(group >> 18) & 0x3f]);
    out.push_back(kAlphabet[(group >> 12) & 0x3f]);
    out.push_back(kAlphabet[(group >> 6) & 0x3f]);
    out.push_back(kAlphabet[group & 0x3f]);
  }
  // RFC 4648 section 4, final quantum of 8 or 16 bits; padding omitted (section 3.2).
  const std::size_t rest = length - i;
  if (rest == 1) {
    const std::uint32_t group = static_cast<std::uint32_t>(data[i]) << 16;
    out.push_back(kAlphabet[(group >> 18) & 0x3f]);
    out.push_back(kAlphabet[(group >> 12) & 0x3f]);
  } else if (rest == 2) {
    const std::uint32_t group = (static_cast<std::uint32_t>(data[i]) << 16) |
                                (static_cast<std::uint32_t>(data[i + 1]) << 8);
    out.push_back(kAlphabet[(group >> 18) & 0x3f]);
    out.push_back(kAlphabet[(group >> 12) & 0x3f]);
    out.push_back(kAlphabet[(group >> 6) & 0x3f]);
  }
  return out;
}

bool IsBase64UrlChar(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
         c == '-' || c == '_';
}

}  // namespace slashbench
