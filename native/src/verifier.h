// PKCE (RFC 7636) code verifiers and S256 challenges, plus the random tokens
// used for the OAuth2 state and the OpenID Connect nonce.
#ifndef SLASHBENCH_NATIVE_VERIFIER_H_
#define SLASHBENCH_NATIVE_VERIFIER_H_

#include <cstddef>
#include <string>

namespace slashbench {

// RFC 7636 4.1: code_verifier = 43*128unreserved.
constexpr std::size_t kMinVerifierLength = 43;
constexpr std::size_t kMaxVerifierLength = 128;
// 32 random octets, base64url-encoded without padding, give 43 characters
// (256 bits of entropy), the construction recommended by RFC 7636 4.1.
constexpr std::size_t kVerifierRandomBytes = 32;
// An S256 challenge is base64url(32-byte digest): always 43 characters.
constexpr std::size_t kS256ChallengeLength = 43;
// Random state and nonce values: 32 random octets, base64url -> 43 characters.
constexpr std::size_t kTokenRandomBytes = 32;

struct CodeVerifier {
  std::string verifier;
  std::string challenge;  // S256
};

// RFC 3986 2.3 unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~".
bool IsUnreservedChar(char c);

// 43 to 128 characters, all unreserved.
bool IsValidCodeVerifier(const std::string& verifier);

// 43 characters of the base64url alphabet (the shape of any S256 challenge).
bool IsWellFormedS256Challenge(const std::string& challenge);

// RFC 7636 4.2: BASE64URL-ENCODE(SHA256(ASCII(code_verifier))). The caller
// checks IsValidCodeVerifier first.
std::string ComputeS256Challenge(const std::string& verifier);

// A fresh verifier from the OS secure random source and its S256 challenge.
// Throws SecureRandomError if the OS has no randomness to give.
CodeVerifier CreateCodeVerifier();

// A fresh 43-character base64url token from the OS secure random source,
// suitable for the OAuth2 state or an OpenID Connect nonce.
std::string GenerateRandomToken();

}  // namespace slashbench

#endif  // SLASHBENCH_NATIVE_VERIFIER_H_
