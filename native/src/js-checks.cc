#include "js-checks.h"

namespace slashbench {
namespace js {
namespace {

constexpr std::size_t kPreviewLength = 28;

[[noreturn]] void ThrowWithCode(Napi::Error error, const char* code) {
  error.Set("code", Napi::String::New(error.Env(), code));
  throw error;
}

}  // namespace

void ThrowTypeError(Napi::Env env, const char* code, const std::string& message) {
  ThrowWithCode(Napi::TypeError::New(env, message), code);
}

void ThrowError(Napi::Env env, const char* code, const std::string& message) {
  ThrowWithCode(Napi::Error::New(env, message), code);
}

std::string Describe(const Napi::Value& value) {
  switch (value.Type()) {
    case napi_undefined:
      return "undefined";
    case napi_null:
      return "null";
    case napi_boolean:
      return std::string("type boolean (") + (value.As<Napi::Boolean>().Value() ? "true" : "false") + ")";
    case napi_number:
      return "type number (" + value.ToString().Utf8Value() + ")";
    case napi_bigint:
      return "type bigint (" + value.ToString().Utf8Value() + "n)";
    case napi_string: {
      std::string text = value.As<Napi::String>().Utf8Value();
      if (text.size() > kPreviewLength) text = text.substr(0, kPreviewLength) + "...";
      return "type string ('" + text + "')";
    }
    case napi_symbol:
      return "type symbol";
    case napi_function:
      return "type function";
    case napi_external:
      return "type external";
    case napi_object: {
      if (value.IsArray()) return "an instance of Array";
      if (value.IsBuffer()) return "an instance of Buffer";
      if (value.IsTypedArray()) return "a typed array";
      return "type object";
    }
  }
  return "an unknown value";
}

std::string MustBe(const std::string& function, const std::string& name,
                   const std::string& expectation, const Napi::Value& received) {
  return function + ": the \"" + name + "\" argument must be " + expectation + ". Received " +
         Describe(received);
}

void CheckArgCount(const Napi::CallbackInfo& info, const std::string& function,
                   std::size_t min, std::size_t max) {
  const std::size_t count = info.Length();
  if (count < min) {
    ThrowTypeError(info.Env(), kErrMissingArgs,
                   function + ": expected " + std::to_string(min) +
                       (min == 1 ? " argument" : " arguments") + ", received " +
                       std::to_string(count));
  }
  if (count > max) {
    ThrowTypeError(info.Env(), kErrTooManyArgs,
                   function + ": expected " + (min == max ? "" : "at most ") +
                       std::to_string(max) + (max == 1 ? " argument" : " arguments") +
                       ", received " + std::to_string(count));
  }
}

std::string RequireString(const Napi::CallbackInfo& info, std::size_t index,
                          const std::string& function, const std::string& name) {
  const Napi::Value value = info[index];
  if (!value.IsString()) {
    ThrowTypeError(info.Env(), kErrInvalidArgType, MustBe(function, name, "of type string", value));
  }
  return value.As<Napi::String>().Utf8Value();
}

std::optional<std::string> OptionalStringProperty(Napi::Env env, const Napi::Object& object,
                                                  const char* key, const std::string& function) {
  const Napi::Value value = object.Get(key);
  if (value.IsUndefined()) return std::nullopt;
  if (!value.IsString()) {
    ThrowTypeError(env, kErrInvalidArgType,
                   MustBe(function, std::string("options.") + key, "of type string", value));
  }
  return value.As<Napi::String>().Utf8Value();
}

}  // namespace js
}  // namespace slashbench
