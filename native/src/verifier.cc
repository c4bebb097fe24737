#include "verifier.h"

#include <array>
#include <cstdint>

#include "base64url.h"
#include "secure-random.h"
#include "sha256.h"

namespace slashbench {
namespace {

template <std::size_t N>
std::string RandomBase64Url() {
  std::array<std::uint8_t, N> bytes;
  FillSecureRandom(bytes.data(), bytes.size());
  std::string encoded = Base64UrlEncode(bytes.data(), bytes.size());
  bytes.fill(0);
  return encoded;
}

}  // namespace

bool IsUnreservedChar(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
         c == '-' || c == '.' || c == '_' || c == '~';
}

bool IsValidCodeVerifier(const std::string& verifier) {
  if (verifier.size() < kMinVerifierLength || verifier.size() > kMaxVerifierLength) {
    return false;
  }
  for (char c : verifier) {
    if (!IsUnreservedChar(c)) return false;
  }
  return true;
}

bool IsWellFormedS256Challenge(const std::string& challenge) {
  if (challenge.size() != kS256ChallengeLength) return false;
  for (char c : challenge) {
    if (!IsBase64UrlChar(c)) return false;
  }
  return true;
}

std::string ComputeS256Challenge(const std::string& verifier) {
  const Sha256::Digest digest = Sha256::Hash(verifier);
  return Base64UrlEncode(digest.data(), digest.size());
}

CodeVerifier CreateCodeVerifier() {
  CodeVerifier result;
  result.verifier = RandomBase64Url<kVerifierRandomBytes>();
  result.challenge = ComputeS256Challenge(result.verifier);
  return result;
}

std::string GenerateRandomToken() { return RandomBase64Url<kTokenRandomBytes>(); }

}  // namespace slashbench
