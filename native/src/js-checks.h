// Argument checking at the JavaScript boundary. Every problem becomes a
// JavaScript exception carrying a `code` property (Node's conventions); the
// facade (index.cjs) maps codes to error classes. Nothing here aborts.
#ifndef SLASHBENCH_NATIVE_JS_CHECKS_H_
#define SLASHBENCH_NATIVE_JS_CHECKS_H_

#include <napi.h>

#include <cstddef>
#include <optional>
#include <string>
#include <utility>

#include "secure-random.h"

namespace slashbench {
namespace js {

// Error codes; index.cjs keeps the matching table.
inline constexpr char kErrInvalidArgType[] = "ERR_INVALID_ARG_TYPE";
inline constexpr char kErrInvalidArgValue[] = "ERR_INVALID_ARG_VALUE";
inline constexpr char kErrMissingArgs[] = "ERR_MISSING_ARGS";
inline constexpr char kErrTooManyArgs[] = "ERR_SLASHBENCH_TOO_MANY_ARGS";
inline constexpr char kErrInvalidAuthorizationArgs[] = "ERR_SLASHBENCH_INVALID_AUTHORIZATION_ARGS";
inline constexpr char kErrSecureRandom[] = "ERR_SLASHBENCH_SECURE_RANDOM";

// Throws (as a C++ Napi::Error, turned into a JavaScript exception by
// node-addon-api) a TypeError / Error with message and code.
[[noreturn]] void ThrowTypeError(Napi::Env env, const char* code, const std::string& message);
[[noreturn]] void ThrowError(Napi::Env env, const char* code, const std::string& message);

// Node-style description of a received value: "undefined", "null",
// "type number (3)", "type string ('abc')", "an instance of Array", ...
std::string Describe(const Napi::Value& value);

// Throws unless min <= info.Length() <= max.
void CheckArgCount(const Napi::CallbackInfo& info, const std::string& function,
                   std::size_t min, std::size_t max);

// The argument at index as a UTF-8 string; TypeError if it is not a string.
std::string RequireString(const Napi::CallbackInfo& info, std::size_t index,
                          const std::string& function, const std::string& name);

// A property of an options object as a string; nullopt when it is undefined.
std::optional<std::string> OptionalStringProperty(Napi::Env env, const Napi::Object& object,
                                                  const char* key, const std::string& function);

// "The "name" argument must be <expectation>. Received <description>"
std::string MustBe(const std::string& function, const std::string& name,
                   const std::string& expectation, const Napi::Value& received);

// Runs f, turning a SecureRandomError into a JavaScript Error with
// code ERR_SLASHBENCH_SECURE_RANDOM.
template <typename F>
auto WithSecureRandom(Napi::Env env, F&& f) -> decltype(f()) {
  try {
    return std::forward<F>(f)();
  } catch (const SecureRandomError& error) {
    ThrowError(env, kErrSecureRandom,
               std::string("the operating system's secure random source failed: ") + error.what());
  }
}

}  // namespace js
}  // namespace slashbench

#endif  // SLASHBENCH_NATIVE_JS_CHECKS_H_
