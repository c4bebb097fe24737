// Per-environment state of the addon (one per Node main thread, worker or
// Electron context), kept with napi_set_instance_data.
#ifndef SLASHBENCH_NATIVE_ADDON_DATA_H_
#define SLASHBENCH_NATIVE_ADDON_DATA_H_

#include <napi.h>

namespace slashbench {

struct AddonData {
  Napi::FunctionReference authorization_args_constructor;
};

}  // namespace slashbench

#endif  // SLASHBENCH_NATIVE_ADDON_DATA_H_
