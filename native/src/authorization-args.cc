#include "authorization-args.h"

#include <limits>

namespace slashbench {
namespace {

bool IsAsciiAlpha(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }
bool IsAsciiDigit(char c) { return c >= '0' && c <= '9'; }

bool IsScopeTokenChar(char c) {
  const unsigned char u = static_cast<unsigned char>(c);
  return u == 0x21 || (u >= 0x23 && u <= 0x5b) || (u >= 0x5d && u <= 0x7e);
}

}  // namespace

bool AuthorizationArgs::IsValid() const {
  return client_id_.has_value() && *client_id_ != 0 && HasScopeToken(scopes_);
}

bool ParseUint64Decimal(const std::string& text, std::uint64_t* out) {
  if (text.empty() || text.size() > 20) return false;
  if (text.size() > 1 && text[0] == '0') return false;
  std::uint64_t value = 0;
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  for (char c : text) {
    if (!IsAsciiDigit(c)) return false;
    const std::uint64_t digit = static_cast<std::uint64_t>(c - '0');
    if (value > (kMax - digit) / 10) return false;
    value = value * 10 + digit;
  }
  *out = value;
  return true;
}

bool IsValidScopeList(const std::string& scopes) {
  if (scopes.empty()) return true;
  bool previous_was_space = true;  // rejects a leading space
  for (char c : scopes) {
    if (c == ' ') {
      if (previous_was_space) return false;  // leading or doubled space
      previous_was_space = true;
    } else if (IsScopeTokenChar(c)) {
      previous_was_space = false;
    } else {
      return false;
    }
  }
  return !previous_was_space;  // rejects a trailing space
}

bool HasScopeToken(const std::string& scopes) {
  for (char c : scopes) {
    if (IsScopeTokenChar(c)) return true;
  }
  return false;
}

bool IsValidState(const std::string& state) {
  if (state.empty()) return false;
  for (char c : state) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (u < 0x20 || u > 0x7e) return false;
  }
  return true;
}

bool IsValidNonce(const std::string& nonce) {
  // Strings from JavaScript arrive as well-formed UTF-8 (lone surrogates are
  // replaced by U+FFFD on conversion), so only emptiness needs checking.
  return !nonce.empty();
}

bool IsValidUriScheme(const std::string& scheme) {
  if (scheme.empty() || !IsAsciiAlpha(scheme[0])) return false;
  for (char c : scheme) {
    if (!IsAsciiAlpha(c) && !IsAsciiDigit(c) && c != '+' && c != '-' && c != '.') return false;
  }
  return true;
}

}  // namespace slashbench
