// The plug-in contract is header-only; SwiftPM needs one source file per C target.
#include "viewselectors_plugin.h"
