// base64url encoding (RFC 4648 section 5) without padding, as used by RFC 7636.
// Written for this project; no third-party code.
#ifndef SLASHBENCH_NATIVE_BASE64URL_H_
#define SLASHBENCH_NATIVE_BASE64URL_H_

#include <cstddef>
#include <cstdint>
#include <string>

namespace slashbench {

// Encodes bytes with the alphabet A-Z a-z 0-9 '-' '_' and no '=' padding.
// The output has ceil(4 * length / 3) characters.
std::string Base64UrlEncode(const std::uint8_t* data, std::size_t length);

// True for the 64 characters of the base64url alphabet.
bool IsBase64UrlChar(char c);

}  // namespace slashbench

#endif  // SLASHBENCH_NATIVE_BASE64URL_H_
