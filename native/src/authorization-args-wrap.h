// The JavaScript class AuthorizationArgs (native half; index.cjs wraps it).
#ifndef SLASHBENCH_NATIVE_AUTHORIZATION_ARGS_WRAP_H_
#define SLASHBENCH_NATIVE_AUTHORIZATION_ARGS_WRAP_H_

#include <napi.h>

#include "authorization-args.h"

namespace slashbench {

class AuthorizationArgsWrap : public Napi::ObjectWrap<AuthorizationArgsWrap> {
 public:
  static Napi::Function DefineClass(Napi::Env env);

  // The wrapped args of value, or nullptr when value is not an instance of
  // this class (checked with a Node-API type tag, so look-alike objects and
  // Object.create(prototype) are refused).
  static AuthorizationArgsWrap* FromValue(const Napi::Value& value);

  // new AuthorizationArgs() or new AuthorizationArgs(other) (deep copy).
  explicit AuthorizationArgsWrap(const Napi::CallbackInfo& info);

  const AuthorizationArgs& args() const { return args_; }

 private:
  Napi::Value ClientId(const Napi::CallbackInfo& info);
  Napi::Value SetClientId(const Napi::CallbackInfo& info);
  Napi::Value Scopes(const Napi::CallbackInfo& info);
  Napi::Value SetScopes(const Napi::CallbackInfo& info);
  Napi::Value State(const Napi::CallbackInfo& info);
  Napi::Value SetState(const Napi::CallbackInfo& info);
  Napi::Value Nonce(const Napi::CallbackInfo& info);
  Napi::Value SetNonce(const Napi::CallbackInfo& info);
  Napi::Value CodeChallenge(const Napi::CallbackInfo& info);
  Napi::Value SetCodeChallenge(const Napi::CallbackInfo& info);
  Napi::Value IntegrationType(const Napi::CallbackInfo& info);
  Napi::Value SetIntegrationType(const Napi::CallbackInfo& info);
  Napi::Value CustomSchemeParam(const Napi::CallbackInfo& info);
  Napi::Value SetCustomSchemeParam(const Napi::CallbackInfo& info);
  Napi::Value EnsureState(const Napi::CallbackInfo& info);
  Napi::Value EnsureNonce(const Napi::CallbackInfo& info);
  Napi::Value IsValid(const Napi::CallbackInfo& info);
  Napi::Value Clone(const Napi::CallbackInfo& info);
  Napi::Value ToJSON(const Napi::CallbackInfo& info);

  AuthorizationArgs args_;
};

// Why args are not valid, for error messages; empty when they are valid.
std::string InvalidReason(const AuthorizationArgs& args);

}  // namespace slashbench

#endif  // SLASHBENCH_NATIVE_AUTHORIZATION_ARGS_WRAP_H_
