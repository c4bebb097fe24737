// Module entry point: registers the AuthorizationArgs class and the free
// functions. Node-API only (napi.h), so one binary loads in Node and Electron.
#include <napi.h>

#include <cstdint>
#include <string>
#include <vector>

#include "addon-data.h"
#include "authorization-args-wrap.h"
#include "authorize-url.h"
#include "base64url.h"
#include "js-checks.h"
#include "secure-random.h"
#include "sha256.h"
#include "verifier.h"

namespace slashbench {
namespace {

using js::CheckArgCount;
using js::kErrInvalidArgType;
using js::kErrInvalidArgValue;
using js::MustBe;
using js::ThrowTypeError;

constexpr char kDefaultCommunicationScopes[] = "openid sdk.social_layer";
constexpr char kDefaultPresenceScopes[] = "openid sdk.social_layer_presence";
constexpr std::uint32_t kMaxRandomBytes = 65536;

Napi::Object ChallengeObject(Napi::Env env, const std::string& challenge) {
  Napi::Object object = Napi::Object::New(env);
  object.Set("challenge", Napi::String::New(env, challenge));
  object.Set("method", Napi::String::New(env, "S256"));
  return object;
}

// A Uint8Array (Buffer included) argument, copied into bytes.
std::vector<std::uint8_t> RequireBytes(const Napi::CallbackInfo& info, std::size_t index,
                                       const std::string& function, const std::string& name) {
  const Napi::Value value = info[index];
  if (!value.IsTypedArray() || value.As<Napi::TypedArray>().TypedArrayType() != napi_uint8_array) {
    ThrowTypeError(info.Env(), kErrInvalidArgType,
                   MustBe(function, name, "an instance of Uint8Array or Buffer", value));
  }
  const Napi::Uint8Array array = value.As<Napi::Uint8Array>();
  return std::vector<std::uint8_t>(array.Data(), array.Data() + array.ByteLength());
}

// createAuthorizationCodeVerifier() -> { verifier, challenge: { challenge, method } }
Napi::Value CreateAuthorizationCodeVerifier(const Napi::CallbackInfo& info) {
  CheckArgCount(info, "createAuthorizationCodeVerifier", 0, 0);
  const Napi::Env env = info.Env();
  const CodeVerifier created = js::WithSecureRandom(env, [] { return CreateCodeVerifier(); });
  Napi::Object result = Napi::Object::New(env);
  result.Set("verifier", Napi::String::New(env, created.verifier));
  result.Set("challenge", ChallengeObject(env, created.challenge));
  return result;
}

// computeCodeChallenge(verifier) -> { challenge, method: 'S256' }
Napi::Value ComputeCodeChallenge(const Napi::CallbackInfo& info) {
  static const std::string kFunction = "computeCodeChallenge";
  CheckArgCount(info, kFunction, 1, 1);
  const std::string verifier = js::RequireString(info, 0, kFunction, "verifier");
  if (!IsValidCodeVerifier(verifier)) {
    ThrowTypeError(info.Env(), kErrInvalidArgValue,
                   MustBe(kFunction, "verifier",
                          "43 to 128 characters of [A-Za-z0-9-._~] (RFC 7636 4.1)", info[0]));
  }
  return ChallengeObject(info.Env(), ComputeS256Challenge(verifier));
}

// generateToken() -> 43 base64url characters from 32 secure random bytes.
Napi::Value GenerateToken(const Napi::CallbackInfo& info) {
  CheckArgCount(info, "generateToken", 0, 0);
  return Napi::String::New(info.Env(),
                           js::WithSecureRandom(info.Env(), [] { return GenerateRandomToken(); }));
}

Napi::Value GetDefaultCommunicationScopes(const Napi::CallbackInfo& info) {
  CheckArgCount(info, "getDefaultCommunicationScopes", 0, 0);
  return Napi::String::New(info.Env(), kDefaultCommunicationScopes);
}

Napi::Value GetDefaultPresenceScopes(const Napi::CallbackInfo& info) {
  CheckArgCount(info, "getDefaultPresenceScopes", 0, 0);
  return Napi::String::New(info.Env(), kDefaultPresenceScopes);
}

// buildAuthorizeUrl(args, { baseUrl, platform? }) -> { url, state, redirectUri }
Napi::Value BuildAuthorizeUrlJs(const Napi::CallbackInfo& info) {
  static const std::string kFunction = "buildAuthorizeUrl";
  const Napi::Env env = info.Env();
  CheckArgCount(info, kFunction, 2, 2);

  const AuthorizationArgsWrap* wrap = AuthorizationArgsWrap::FromValue(info[0]);
  if (wrap == nullptr) {
    ThrowTypeError(env, kErrInvalidArgType,
                   MustBe(kFunction, "args", "an instance of AuthorizationArgs", info[0]));
  }
  const std::string invalid = InvalidReason(wrap->args());
  if (!invalid.empty()) {
    ThrowTypeError(env, js::kErrInvalidAuthorizationArgs,
                   kFunction + ": the authorization args are not valid: " + invalid);
  }

  const Napi::Value options_value = info[1];
  if (!options_value.IsObject() || options_value.IsArray() || options_value.IsFunction()) {
    ThrowTypeError(env, kErrInvalidArgType,
                   MustBe(kFunction, "options",
                          "an object { baseUrl: string, platform?: 'desktop' | 'mobile' }",
                          options_value));
  }
  const Napi::Object options = options_value.As<Napi::Object>();

  const std::optional<std::string> base_url =
      js::OptionalStringProperty(env, options, "baseUrl", kFunction);
  std::string normalized_base_url;
  if (!base_url.has_value()) {
    ThrowTypeError(env, kErrInvalidArgType,
                   MustBe(kFunction, "options.baseUrl", "of type string", options.Get("baseUrl")));
  }
  if (!NormalizeBaseUrl(*base_url, &normalized_base_url)) {
    ThrowTypeError(env, kErrInvalidArgValue,
                   MustBe(kFunction, "options.baseUrl",
                          "an http:// or https:// URL with a host, no spaces, query or fragment",
                          options.Get("baseUrl")));
  }

  const std::optional<std::string> platform_name =
      js::OptionalStringProperty(env, options, "platform", kFunction);
  Platform platform = Platform::kDesktop;
  if (platform_name.has_value()) {
    if (*platform_name == "desktop") {
      platform = Platform::kDesktop;
    } else if (*platform_name == "mobile") {
      platform = Platform::kMobile;
    } else {
      ThrowTypeError(env, kErrInvalidArgValue,
                     MustBe(kFunction, "options.platform", "'desktop' or 'mobile'",
                            options.Get("platform")));
    }
  }

  const AuthorizeUrl built = js::WithSecureRandom(
      env, [&] { return BuildAuthorizeUrl(wrap->args(), normalized_base_url, platform); });
  Napi::Object result = Napi::Object::New(env);
  result.Set("url", Napi::String::New(env, built.url));
  result.Set("state", Napi::String::New(env, built.state));
  result.Set("redirectUri", Napi::String::New(env, built.redirect_uri));
  return result;
}

// sha256Hex(string | Uint8Array) -> 64 lowercase hex digits. Strings are
// hashed as UTF-8.
Napi::Value Sha256Hex(const Napi::CallbackInfo& info) {
  static const std::string kFunction = "sha256Hex";
  CheckArgCount(info, kFunction, 1, 1);
  Sha256::Digest digest;
  if (info[0].IsString()) {
    digest = Sha256::Hash(info[0].As<Napi::String>().Utf8Value());
  } else if (info[0].IsTypedArray() &&
             info[0].As<Napi::TypedArray>().TypedArrayType() == napi_uint8_array) {
    const Napi::Uint8Array array = info[0].As<Napi::Uint8Array>();
    digest = Sha256::Hash(array.Data(), array.ByteLength());
  } else {
    ThrowTypeError(info.Env(), kErrInvalidArgType,
                   MustBe(kFunction, "data", "of type string or an instance of Uint8Array", info[0]));
  }
  return Napi::String::New(info.Env(), ToHex(digest.data(), digest.size()));
}

// base64url(Uint8Array) -> unpadded base64url text.
Napi::Value Base64Url(const Napi::CallbackInfo& info) {
  static const std::string kFunction = "base64url";
  CheckArgCount(info, kFunction, 1, 1);
  const std::vector<std::uint8_t> bytes = RequireBytes(info, 0, kFunction, "data");
  return Napi::String::New(info.Env(), Base64UrlEncode(bytes.data(), bytes.size()));
}

// secureRandomBytes(length) -> Buffer of length bytes from the OS source.
Napi::Value SecureRandomBytes(const Napi::CallbackInfo& info) {
  static const std::string kFunction = "secureRandomBytes";
  const Napi::Env env = info.Env();
  CheckArgCount(info, kFunction, 1, 1);
  const std::string expectation = "an integer from 0 to " + std::to_string(kMaxRandomBytes);
  if (!info[0].IsNumber()) {
    ThrowTypeError(env, kErrInvalidArgType, MustBe(kFunction, "length", expectation, info[0]));
  }
  const double length = info[0].As<Napi::Number>().DoubleValue();
  if (!(length >= 0 && length <= kMaxRandomBytes) || length != static_cast<double>(static_cast<std::uint32_t>(length))) {
    ThrowTypeError(env, kErrInvalidArgValue, MustBe(kFunction, "length", expectation, info[0]));
  }
  const std::size_t size = static_cast<std::size_t>(length);
  std::vector<std::uint8_t> bytes(size);
  js::WithSecureRandom(env, [&] { FillSecureRandom(bytes.data(), bytes.size()); });
  return Napi::Buffer<std::uint8_t>::Copy(env, bytes.data(), bytes.size());
}

Napi::Object Init(Napi::Env env, Napi::Object exports) {
  auto* data = new AddonData();
  env.SetInstanceData<AddonData>(data);  // deleted by Node-API when env is torn down

  const Napi::Function args_class = AuthorizationArgsWrap::DefineClass(env);
  data->authorization_args_constructor = Napi::Persistent(args_class);

  exports.Set("AuthorizationArgs", args_class);
  exports.Set("createAuthorizationCodeVerifier",
              Napi::Function::New<CreateAuthorizationCodeVerifier>(env, "createAuthorizationCodeVerifier"));
  exports.Set("computeCodeChallenge",
              Napi::Function::New<ComputeCodeChallenge>(env, "computeCodeChallenge"));
  exports.Set("generateToken", Napi::Function::New<GenerateToken>(env, "generateToken"));
  exports.Set("getDefaultCommunicationScopes",
              Napi::Function::New<GetDefaultCommunicationScopes>(env, "getDefaultCommunicationScopes"));
  exports.Set("getDefaultPresenceScopes",
              Napi::Function::New<GetDefaultPresenceScopes>(env, "getDefaultPresenceScopes"));
  exports.Set("buildAuthorizeUrl", Napi::Function::New<BuildAuthorizeUrlJs>(env, "buildAuthorizeUrl"));
  exports.Set("sha256Hex", Napi::Function::New<Sha256Hex>(env, "sha256Hex"));
  exports.Set("base64url", Napi::Function::New<Base64Url>(env, "base64url"));
  exports.Set("secureRandomBytes", Napi::Function::New<SecureRandomBytes>(env, "secureRandomBytes"));
  exports.Set("napiVersion", Napi::Number::New(env, NAPI_VERSION));
  return exports;
}

}  // namespace
}  // namespace slashbench

// NODE_API_MODULE needs an unqualified function name.
static Napi::Object InitSlashbenchNative(Napi::Env env, Napi::Object exports) {
  return slashbench::Init(env, exports);
}

NODE_API_MODULE(slashbench_native, InitSlashbenchNative)
