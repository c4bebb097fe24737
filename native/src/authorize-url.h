// Builds the OAuth2 authorize URL that Client::Authorize opens, and the
// redirect URI the SDK listens on.
#ifndef SLASHBENCH_NATIVE_AUTHORIZE_URL_H_
#define SLASHBENCH_NATIVE_AUTHORIZE_URL_H_

#include <string>

#include "authorization-args.h"

namespace slashbench {

enum class Platform { kDesktop, kMobile };

struct AuthorizeUrl {
  std::string url;
  std::string state;         // the state in the URL: the args' or a generated one
  std::string redirect_uri;  // unencoded
};

// RFC 3986 2.1/2.3: every byte outside the unreserved set becomes %XX
// (uppercase hex); a space becomes %20, never '+'.
std::string PercentEncode(const std::string& value);

// Desktop: http://127.0.0.1/callback. Mobile: <scheme>:/authorize/callback,
// with scheme = CustomSchemeParam, or discord-<client id> when unset.
// Precondition: args.IsValid().
std::string RedirectUriFor(const AuthorizationArgs& args, Platform platform);

// Checks a base URL: http:// or https://, a non-empty authority, optional
// path, printable ASCII without spaces, and no query or fragment. On success
// stores the URL with trailing slashes removed in normalized.
bool NormalizeBaseUrl(const std::string& base_url, std::string* normalized);

// `${base}/oauth2/authorize?response_type=code&client_id=..&scope=..&state=..
// &redirect_uri=..[&nonce=..][&code_challenge=..&code_challenge_method=S256]
// [&integration_type=..]`. When the args have no state, a random one is
// generated (the args are not modified) and returned in the result.
// Preconditions: args.IsValid(), normalized_base_url from NormalizeBaseUrl.
AuthorizeUrl BuildAuthorizeUrl(const AuthorizationArgs& args,
                               const std::string& normalized_base_url, Platform platform);

}  // namespace slashbench

#endif  // SLASHBENCH_NATIVE_AUTHORIZE_URL_H_
