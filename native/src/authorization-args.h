// The Social SDK's AuthorizationArgs as a plain C++ value type, and the rules
// for the values its fields may hold. No Node-API here: see
// authorization-args-wrap.h for the JavaScript class.
#ifndef SLASHBENCH_NATIVE_AUTHORIZATION_ARGS_H_
#define SLASHBENCH_NATIVE_AUTHORIZATION_ARGS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace slashbench {

// SDK enum AuthorizationCodeChallengeMethod; S256 is the only method.
enum class AuthorizationCodeChallengeMethod : int { S256 = 0 };

struct AuthorizationCodeChallenge {
  AuthorizationCodeChallengeMethod method = AuthorizationCodeChallengeMethod::S256;
  std::string challenge;

  bool operator==(const AuthorizationCodeChallenge& other) const {
    return method == other.method && challenge == other.challenge;
  }
};

// SDK enum IntegrationType.
enum class IntegrationType : int { GuildInstall = 0, UserInstall = 1 };

// A copyable, movable value. Setters do not validate: callers check values
// with the Is*/Parse* helpers below (the JavaScript binding does).
class AuthorizationArgs {
 public:
  AuthorizationArgs() = default;
  AuthorizationArgs(const AuthorizationArgs&) = default;
  AuthorizationArgs(AuthorizationArgs&&) noexcept = default;
  AuthorizationArgs& operator=(const AuthorizationArgs&) = default;
  AuthorizationArgs& operator=(AuthorizationArgs&&) noexcept = default;

  const std::optional<std::uint64_t>& ClientId() const { return client_id_; }
  void SetClientId(std::optional<std::uint64_t> value) { client_id_ = value; }

  const std::string& Scopes() const { return scopes_; }
  void SetScopes(std::string value) { scopes_ = std::move(value); }

  const std::optional<std::string>& State() const { return state_; }
  void SetState(std::optional<std::string> value) { state_ = std::move(value); }

  const std::optional<std::string>& Nonce() const { return nonce_; }
  void SetNonce(std::optional<std::string> value) { nonce_ = std::move(value); }

  const std::optional<AuthorizationCodeChallenge>& CodeChallenge() const {
    return code_challenge_;
  }
  void SetCodeChallenge(std::optional<AuthorizationCodeChallenge> value) {
    code_challenge_ = std::move(value);
  }

  const std::optional<slashbench::IntegrationType>& IntegrationType() const {
    return integration_type_;
  }
  void SetIntegrationType(std::optional<slashbench::IntegrationType> value) {
    integration_type_ = value;
  }

  const std::optional<std::string>& CustomSchemeParam() const { return custom_scheme_param_; }
  void SetCustomSchemeParam(std::optional<std::string> value) {
    custom_scheme_param_ = std::move(value);
  }

  // The SDK's boolean conversion. Valid means: a client id is set and is not
  // zero, and the scopes hold at least one scope token. Everything else is
  // optional.
  bool IsValid() const;
  explicit operator bool() const { return IsValid(); }

 private:
  std::optional<std::uint64_t> client_id_;
  std::string scopes_;
  std::optional<std::string> state_;
  std::optional<std::string> nonce_;
  std::optional<AuthorizationCodeChallenge> code_challenge_;
  std::optional<slashbench::IntegrationType> integration_type_;
  std::optional<std::string> custom_scheme_param_;
};

// Strict canonical decimal: 1 to 20 ASCII digits, no sign, no whitespace, no
// leading zero (except "0" itself), value at most 2^64-1.
bool ParseUint64Decimal(const std::string& text, std::uint64_t* out);

// RFC 6749 3.3: scope = scope-token *( SP scope-token ),
// scope-token = 1*( %x21 / %x23-5B / %x5D-7E ). The empty string is also
// accepted (it is the unset value; such args are not valid).
bool IsValidScopeList(const std::string& scopes);

// True when the scopes hold at least one token.
bool HasScopeToken(const std::string& scopes);

// RFC 6749 Appendix A.5: state = 1*VSCHAR, VSCHAR = %x20-7E.
bool IsValidState(const std::string& state);

// A non-empty string of valid UTF-8 (OpenID Connect places no other limit).
bool IsValidNonce(const std::string& nonce);

// RFC 3986 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
bool IsValidUriScheme(const std::string& scheme);

}  // namespace slashbench

#endif  // SLASHBENCH_NATIVE_AUTHORIZATION_ARGS_H_
