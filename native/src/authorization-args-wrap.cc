#include "authorization-args-wrap.h"

#include <cmath>
#include <cstdint>
#include <string>

#include "addon-data.h"
#include "js-checks.h"
#include "verifier.h"

namespace slashbench {
namespace {

using js::CheckArgCount;
using js::kErrInvalidArgType;
using js::kErrInvalidArgValue;
using js::MustBe;
using js::ThrowTypeError;

// Marks objects created by this class (napi_type_tag_object).
constexpr napi_type_tag kAuthorizationArgsTag = {0x736c617368626e63ULL, 0x417574684172677aULL};

constexpr char kClassName[] = "AuthorizationArgs";

std::string Method(const char* name) { return std::string(kClassName) + "." + name; }

Napi::Value OptionalString(Napi::Env env, const std::optional<std::string>& value) {
  if (!value.has_value()) return env.Undefined();
  return Napi::String::New(env, *value);
}

Napi::Value ChallengeToObject(Napi::Env env, const std::optional<AuthorizationCodeChallenge>& value) {
  if (!value.has_value()) return env.Undefined();
  Napi::Object object = Napi::Object::New(env);
  object.Set("challenge", Napi::String::New(env, value->challenge));
  object.Set("method", Napi::String::New(env, "S256"));
  return object;
}

Napi::Value IntegrationTypeToValue(Napi::Env env, const std::optional<IntegrationType>& value) {
  if (!value.has_value()) return env.Undefined();
  return Napi::Number::New(env, static_cast<int>(*value));
}

// The one argument of a setter whose field is optional: present (possibly
// undefined, which unsets) and nothing more.
Napi::Value SetterArgument(const Napi::CallbackInfo& info, const char* name) {
  CheckArgCount(info, Method(name), 1, 1);
  return info[0];
}

std::uint64_t ParseClientId(const Napi::Env env, const Napi::Value& value) {
  static const std::string kFunction = Method("setClientId");
  static const char kExpectation[] =
      "a decimal string or a bigint holding an unsigned 64-bit integer (0 to 18446744073709551615)";
  if (value.IsString()) {
    std::uint64_t id = 0;
    if (!ParseUint64Decimal(value.As<Napi::String>().Utf8Value(), &id)) {
      ThrowTypeError(env, kErrInvalidArgValue, MustBe(kFunction, "id", kExpectation, value));
    }
    return id;
  }
  if (value.IsBigInt()) {
    int sign_bit = 0;
    std::size_t word_count = 1;
    std::uint64_t word = 0;
    value.As<Napi::BigInt>().ToWords(&sign_bit, &word_count, &word);
    // word_count now holds the number of words the value needs (0 for 0n).
    if ((sign_bit != 0 && word != 0) || word_count > 1) {
      ThrowTypeError(env, kErrInvalidArgValue, MustBe(kFunction, "id", kExpectation, value));
    }
    return word_count == 0 ? 0 : word;
  }
  ThrowTypeError(env, kErrInvalidArgType,
                 MustBe(kFunction, "id", "of type string or bigint (numbers lose precision above 2^53)",
                        value));
}

AuthorizationCodeChallenge ParseCodeChallenge(Napi::Env env, const Napi::Value& value) {
  static const std::string kFunction = Method("setCodeChallenge");
  if (!value.IsObject() || value.IsArray() || value.IsFunction()) {
    ThrowTypeError(env, kErrInvalidArgType,
                   MustBe(kFunction, "challenge",
                          "an object { challenge: string, method: 'S256' | 0 } or undefined", value));
  }
  const Napi::Object object = value.As<Napi::Object>();
  const Napi::Value challenge = object.Get("challenge");
  const Napi::Value method = object.Get("method");
  if (!challenge.IsString()) {
    ThrowTypeError(env, kErrInvalidArgType,
                   MustBe(kFunction, "challenge.challenge", "of type string", challenge));
  }
  AuthorizationCodeChallenge result;
  result.challenge = challenge.As<Napi::String>().Utf8Value();
  if (!IsWellFormedS256Challenge(result.challenge)) {
    ThrowTypeError(env, kErrInvalidArgValue,
                   MustBe(kFunction, "challenge.challenge",
                          "an S256 challenge: 43 base64url characters [A-Za-z0-9_-]", challenge));
  }
  const bool is_s256 = (method.IsString() && method.As<Napi::String>().Utf8Value() == "S256") ||
                       (method.IsNumber() && method.As<Napi::Number>().DoubleValue() == 0.0);
  if (!is_s256) {
    ThrowTypeError(env, method.IsString() || method.IsNumber() ? kErrInvalidArgValue : kErrInvalidArgType,
                   MustBe(kFunction, "challenge.method",
                          "'S256' or 0 (AuthorizationCodeChallengeMethod.S256)", method));
  }
  result.method = AuthorizationCodeChallengeMethod::S256;
  return result;
}

IntegrationType ParseIntegrationType(Napi::Env env, const Napi::Value& value) {
  static const std::string kFunction = Method("setIntegrationType");
  static const char kExpectation[] = "0 (GUILD_INSTALL), 1 (USER_INSTALL) or undefined";
  if (!value.IsNumber()) {
    ThrowTypeError(env, kErrInvalidArgType, MustBe(kFunction, "type", kExpectation, value));
  }
  const double number = value.As<Napi::Number>().DoubleValue();
  if (number == 0.0) return IntegrationType::GuildInstall;
  if (number == 1.0) return IntegrationType::UserInstall;
  ThrowTypeError(env, kErrInvalidArgValue, MustBe(kFunction, "type", kExpectation, value));
}

}  // namespace

std::string InvalidReason(const AuthorizationArgs& args) {
  if (!args.ClientId().has_value()) return "no client id is set (call setClientId)";
  if (*args.ClientId() == 0) return "the client id is 0, which is no application id";
  if (!HasScopeToken(args.Scopes())) return "no scopes are set (call setScopes)";
  return "";
}

Napi::Function AuthorizationArgsWrap::DefineClass(Napi::Env env) {
  return ObjectWrap::DefineClass(
      env, kClassName,
      {
          InstanceMethod<&AuthorizationArgsWrap::ClientId>("clientId"),
          InstanceMethod<&AuthorizationArgsWrap::SetClientId>("setClientId"),
          InstanceMethod<&AuthorizationArgsWrap::Scopes>("scopes"),
          InstanceMethod<&AuthorizationArgsWrap::SetScopes>("setScopes"),
          InstanceMethod<&AuthorizationArgsWrap::State>("state"),
          InstanceMethod<&AuthorizationArgsWrap::SetState>("setState"),
          InstanceMethod<&AuthorizationArgsWrap::Nonce>("nonce"),
          InstanceMethod<&AuthorizationArgsWrap::SetNonce>("setNonce"),
          InstanceMethod<&AuthorizationArgsWrap::CodeChallenge>("codeChallenge"),
          InstanceMethod<&AuthorizationArgsWrap::SetCodeChallenge>("setCodeChallenge"),
          InstanceMethod<&AuthorizationArgsWrap::IntegrationType>("integrationType"),
          InstanceMethod<&AuthorizationArgsWrap::SetIntegrationType>("setIntegrationType"),
          InstanceMethod<&AuthorizationArgsWrap::CustomSchemeParam>("customSchemeParam"),
          InstanceMethod<&AuthorizationArgsWrap::SetCustomSchemeParam>("setCustomSchemeParam"),
          InstanceMethod<&AuthorizationArgsWrap::EnsureState>("ensureState"),
          InstanceMethod<&AuthorizationArgsWrap::EnsureNonce>("ensureNonce"),
          InstanceMethod<&AuthorizationArgsWrap::IsValid>("isValid"),
          InstanceMethod<&AuthorizationArgsWrap::Clone>("clone"),
          InstanceMethod<&AuthorizationArgsWrap::ToJSON>("toJSON"),
      });
}

AuthorizationArgsWrap* AuthorizationArgsWrap::FromValue(const Napi::Value& value) {
  if (!value.IsObject()) return nullptr;
  const Napi::Object object = value.As<Napi::Object>();
  if (!object.CheckTypeTag(&kAuthorizationArgsTag)) return nullptr;
  return Unwrap(object);
}

AuthorizationArgsWrap::AuthorizationArgsWrap(const Napi::CallbackInfo& info)
    : Napi::ObjectWrap<AuthorizationArgsWrap>(info) {
  CheckArgCount(info, kClassName, 0, 1);
  if (info.Length() == 1) {
    const AuthorizationArgsWrap* other = FromValue(info[0]);
    if (other == nullptr) {
      ThrowTypeError(info.Env(), kErrInvalidArgType,
                     MustBe(std::string("new ") + kClassName, "other",
                            "an instance of AuthorizationArgs (to copy) or omitted", info[0]));
    }
    args_ = other->args_;
  }
  info.This().As<Napi::Object>().TypeTag(&kAuthorizationArgsTag);
}

Napi::Value AuthorizationArgsWrap::ClientId(const Napi::CallbackInfo& info) {
  CheckArgCount(info, Method("clientId"), 0, 0);
  if (!args_.ClientId().has_value()) return info.Env().Undefined();
  return Napi::String::New(info.Env(), std::to_string(*args_.ClientId()));
}

Napi::Value AuthorizationArgsWrap::SetClientId(const Napi::CallbackInfo& info) {
  const Napi::Value value = SetterArgument(info, "setClientId");
  if (value.IsUndefined()) {
    args_.SetClientId(std::nullopt);
  } else {
    args_.SetClientId(ParseClientId(info.Env(), value));
  }
  return info.Env().Undefined();
}

Napi::Value AuthorizationArgsWrap::Scopes(const Napi::CallbackInfo& info) {
  CheckArgCount(info, Method("scopes"), 0, 0);
  return Napi::String::New(info.Env(), args_.Scopes());
}

Napi::Value AuthorizationArgsWrap::SetScopes(const Napi::CallbackInfo& info) {
  static const std::string kFunction = Method("setScopes");
  CheckArgCount(info, kFunction, 1, 1);
  std::string scopes = js::RequireString(info, 0, kFunction, "scopes");
  if (!IsValidScopeList(scopes)) {
    ThrowTypeError(info.Env(), kErrInvalidArgValue,
                   MustBe(kFunction, "scopes",
                          "scope tokens separated by single spaces (RFC 6749 3.3), or ''", info[0]));
  }
  args_.SetScopes(std::move(scopes));
  return info.Env().Undefined();
}

Napi::Value AuthorizationArgsWrap::State(const Napi::CallbackInfo& info) {
  CheckArgCount(info, Method("state"), 0, 0);
  return OptionalString(info.Env(), args_.State());
}

Napi::Value AuthorizationArgsWrap::SetState(const Napi::CallbackInfo& info) {
  static const std::string kFunction = Method("setState");
  const Napi::Value value = SetterArgument(info, "setState");
  if (value.IsUndefined()) {
    args_.SetState(std::nullopt);
    return info.Env().Undefined();
  }
  std::string state = js::RequireString(info, 0, kFunction, "state");
  if (!IsValidState(state)) {
    ThrowTypeError(info.Env(), kErrInvalidArgValue,
                   MustBe(kFunction, "state",
                          "a non-empty string of printable ASCII (RFC 6749 VSCHAR) or undefined", value));
  }
  args_.SetState(std::move(state));
  return info.Env().Undefined();
}

Napi::Value AuthorizationArgsWrap::Nonce(const Napi::CallbackInfo& info) {
  CheckArgCount(info, Method("nonce"), 0, 0);
  return OptionalString(info.Env(), args_.Nonce());
}

Napi::Value AuthorizationArgsWrap::SetNonce(const Napi::CallbackInfo& info) {
  static const std::string kFunction = Method("setNonce");
  const Napi::Value value = SetterArgument(info, "setNonce");
  if (value.IsUndefined()) {
    args_.SetNonce(std::nullopt);
    return info.Env().Undefined();
  }
  std::string nonce = js::RequireString(info, 0, kFunction, "nonce");
  if (!IsValidNonce(nonce)) {
    ThrowTypeError(info.Env(), kErrInvalidArgValue,
                   MustBe(kFunction, "nonce", "a non-empty string or undefined", value));
  }
  args_.SetNonce(std::move(nonce));
  return info.Env().Undefined();
}

Napi::Value AuthorizationArgsWrap::CodeChallenge(const Napi::CallbackInfo& info) {
  CheckArgCount(info, Method("codeChallenge"), 0, 0);
  return ChallengeToObject(info.Env(), args_.CodeChallenge());
}

Napi::Value AuthorizationArgsWrap::SetCodeChallenge(const Napi::CallbackInfo& info) {
  const Napi::Value value = SetterArgument(info, "setCodeChallenge");
  if (value.IsUndefined()) {
    args_.SetCodeChallenge(std::nullopt);
  } else {
    args_.SetCodeChallenge(ParseCodeChallenge(info.Env(), value));
  }
  return info.Env().Undefined();
}

Napi::Value AuthorizationArgsWrap::IntegrationType(const Napi::CallbackInfo& info) {
  CheckArgCount(info, Method("integrationType"), 0, 0);
  return IntegrationTypeToValue(info.Env(), args_.IntegrationType());
}

Napi::Value AuthorizationArgsWrap::SetIntegrationType(const Napi::CallbackInfo& info) {
  const Napi::Value value = SetterArgument(info, "setIntegrationType");
  if (value.IsUndefined()) {
    args_.SetIntegrationType(std::nullopt);
  } else {
    args_.SetIntegrationType(ParseIntegrationType(info.Env(), value));
  }
  return info.Env().Undefined();
}

Napi::Value AuthorizationArgsWrap::CustomSchemeParam(const Napi::CallbackInfo& info) {
  CheckArgCount(info, Method("customSchemeParam"), 0, 0);
  return OptionalString(info.Env(), args_.CustomSchemeParam());
}

Napi::Value AuthorizationArgsWrap::SetCustomSchemeParam(const Napi::CallbackInfo& info) {
  static const std::string kFunction = Method("setCustomSchemeParam");
  const Napi::Value value = SetterArgument(info, "setCustomSchemeParam");
  if (value.IsUndefined()) {
    args_.SetCustomSchemeParam(std::nullopt);
    return info.Env().Undefined();
  }
  std::string scheme = js::RequireString(info, 0, kFunction, "scheme");
  if (!IsValidUriScheme(scheme)) {
    ThrowTypeError(info.Env(), kErrInvalidArgValue,
                   MustBe(kFunction, "scheme",
                          "a URI scheme (RFC 3986 3.1: a letter, then letters, digits, '+', '-' or '.') "
                          "or undefined",
                          value));
  }
  args_.SetCustomSchemeParam(std::move(scheme));
  return info.Env().Undefined();
}

Napi::Value AuthorizationArgsWrap::EnsureState(const Napi::CallbackInfo& info) {
  CheckArgCount(info, Method("ensureState"), 0, 0);
  if (!args_.State().has_value()) {
    args_.SetState(js::WithSecureRandom(info.Env(), [] { return GenerateRandomToken(); }));
  }
  return Napi::String::New(info.Env(), *args_.State());
}

Napi::Value AuthorizationArgsWrap::EnsureNonce(const Napi::CallbackInfo& info) {
  CheckArgCount(info, Method("ensureNonce"), 0, 0);
  if (!args_.Nonce().has_value()) {
    args_.SetNonce(js::WithSecureRandom(info.Env(), [] { return GenerateRandomToken(); }));
  }
  return Napi::String::New(info.Env(), *args_.Nonce());
}

Napi::Value AuthorizationArgsWrap::IsValid(const Napi::CallbackInfo& info) {
  CheckArgCount(info, Method("isValid"), 0, 0);
  return Napi::Boolean::New(info.Env(), args_.IsValid());
}

Napi::Value AuthorizationArgsWrap::Clone(const Napi::CallbackInfo& info) {
  CheckArgCount(info, Method("clone"), 0, 0);
  AddonData* data = info.Env().GetInstanceData<AddonData>();
  return data->authorization_args_constructor.New({info.This()});
}

Napi::Value AuthorizationArgsWrap::ToJSON(const Napi::CallbackInfo& info) {
  // JSON.stringify passes the property key; accept and ignore it.
  CheckArgCount(info, Method("toJSON"), 0, 1);
  const Napi::Env env = info.Env();
  Napi::Object object = Napi::Object::New(env);
  object.Set("clientId", args_.ClientId().has_value()
                             ? Napi::Value(Napi::String::New(env, std::to_string(*args_.ClientId())))
                             : env.Undefined());
  object.Set("scopes", Napi::String::New(env, args_.Scopes()));
  object.Set("state", OptionalString(env, args_.State()));
  object.Set("nonce", OptionalString(env, args_.Nonce()));
  object.Set("codeChallenge", ChallengeToObject(env, args_.CodeChallenge()));
  object.Set("integrationType", IntegrationTypeToValue(env, args_.IntegrationType()));
  object.Set("customSchemeParam", OptionalString(env, args_.CustomSchemeParam()));
  return object;
}

}  // namespace slashbench
