#include "authorize-url.h"

#include <utility>

#include "verifier.h"

namespace slashbench {
namespace {

constexpr char kDesktopRedirectUri[] = "http://127.0.0.1/callback";
constexpr char kMobileRedirectPath[] = ":/authorize/callback";

bool StartsWithIgnoringCase(const std::string& text, const std::string& prefix) {
  if (text.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    char c = text[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != prefix[i]) return false;
  }
  return true;
}

void AppendParam(std::string* url, const char* name, const std::string& value) {
  if (url->back() != '?') url->push_back('&');
  url->append(name);
  url->push_back('=');
  url->append(PercentEncode(value));
}

}  // namespace

std::string PercentEncode(const std::string& value) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(value.size() * 3);
  for (char c : value) {
    if (IsUnreservedChar(c)) {
      out.push_back(c);
    } else {
      const unsigned char u = static_cast<unsigned char>(c);
      out.push_back('%');
      out.push_back(kHex[u >> 4]);
      out.push_back(kHex[u & 0x0f]);
    }
  }
  return out;
}

std::string RedirectUriFor(const AuthorizationArgs& args, Platform platform) {
  if (platform == Platform::kDesktop) return kDesktopRedirectUri;
  const std::string scheme = args.CustomSchemeParam().has_value()
                                 ? *args.CustomSchemeParam()
                                 : "discord-" + std::to_string(args.ClientId().value_or(0));
  return scheme + kMobileRedirectPath;
}

bool NormalizeBaseUrl(const std::string& base_url, std::string* normalized) {
  std::size_t authority_start;
  if (StartsWithIgnoringCase(base_url, "http://")) {
    authority_start = 7;
  } else if (StartsWithIgnoringCase(base_url, "https://")) {
    authority_start = 8;
  } else {
    return false;
  }
  for (char c : base_url) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (u <= 0x20 || u >= 0x7f || c == '?' || c == '#') return false;
  }
  std::string result = base_url;
  while (result.size() > authority_start && result.back() == '/') result.pop_back();
  const std::size_t authority_end = result.find('/', authority_start);
  const std::size_t authority_length =
      (authority_end == std::string::npos ? result.size() : authority_end) - authority_start;
  if (authority_length == 0) return false;
  *normalized = std::move(result);
  return true;
}

AuthorizeUrl BuildAuthorizeUrl(const AuthorizationArgs& args,
                               const std::string& normalized_base_url, Platform platform) {
  AuthorizeUrl result;
  result.state = args.State().has_value() ? *args.State() : GenerateRandomToken();
  result.redirect_uri = RedirectUriFor(args, platform);

  std::string& url = result.url;
  url = normalized_base_url + "/oauth2/authorize?";
  AppendParam(&url, "response_type", "code");
  AppendParam(&url, "client_id", std::to_string(*args.ClientId()));
  AppendParam(&url, "scope", args.Scopes());
  AppendParam(&url, "state", result.state);
  AppendParam(&url, "redirect_uri", result.redirect_uri);
  if (args.Nonce().has_value()) AppendParam(&url, "nonce", *args.Nonce());
  if (args.CodeChallenge().has_value()) {
    AppendParam(&url, "code_challenge", args.CodeChallenge()->challenge);
    AppendParam(&url, "code_challenge_method", "S256");
  }
  if (args.IntegrationType().has_value()) {
    AppendParam(&url, "integration_type",
                std::to_string(static_cast<int>(*args.IntegrationType())));
  }
  return result;
}

}  // namespace slashbench
