// The C contract between a ViewSelectors host (`frankly`) and a dynamically loaded engine plug-in.
//
// A plug-in is a shared library exporting one function:
//
//     int32_t viewselectors_plugin_register(vs_plugin_host *host);
//
// The host fills `host`, calls the entry point once, and never unloads a library that loaded.
// The plug-in first writes the API version it was built for into `plugin_api_version`, returns
// VS_PLUGIN_API_MISMATCH without touching anything else when it differs from `host_api_version`,
// and otherwise registers its engines and predicates through the callbacks. Swift plug-ins do all
// of this through SelectorCore's `SelectorPlugin.register(host:_:)`; see Docs/WritingAnEngine.md.
//
// Only C types cross this boundary: the plug-in's Swift types (its own copy of SelectorCore) are
// never handed to the host. Compiled programs travel as JSON text (SelectorProgram+JSON.swift).
#ifndef VIEWSELECTORS_PLUGIN_H
#define VIEWSELECTORS_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

// 2: engines may hand string matchers to the host (`matcher_*` below) and programs may say
// `{"hasDescendant": P}`; version 1 plug-ins must be rebuilt (the engine struct grew). Programs
// may also say `{"siblingPosition": …}` and `{"nthDescendant": …}` (Docs/PluginProgramJSON.md):
// new step forms only, so the version stays 2.
// 3: engines may print a search path in their syntax (`render` below, for `frankly translate`);
// version 2 plug-ins must be rebuilt (the engine struct grew).
#define VIEWSELECTORS_PLUGIN_API_VERSION 3u
#define VIEWSELECTORS_PLUGIN_ENTRY_POINT "viewselectors_plugin_register"

enum {
    VS_PLUGIN_OK = 0,
    VS_PLUGIN_FAILED = 1,          // the host callback was given the reason through `fail`
    VS_PLUGIN_API_MISMATCH = 2,    // plugin_api_version != host_api_version
};

/// An engine. The host copies `name` and `summary`; `context` must live as long as the process.
typedef struct vs_plugin_engine {
    const char *name;
    const char *summary;
    /// ChainLiterals raw value: which literals may hold `>>` (1 '…', 2 "…", 4 `…`, 8 /…/).
    uint32_t chain_literals;
    void *context;
    /// Compiles `selector` (UTF-8, `length` bytes, not NUL-terminated). Returns NUL-terminated
    /// JSON, `{"program":…}` or `{"error":{"kind":"syntax","message":…,"offset":N}}`, which the
    /// host releases with `free_result`. Called from any thread, concurrently.
    char *(*compile)(void *context, const char *selector, size_t length);
    void (*free_result)(char *result);

    // String matchers the engine keeps and the host runs through it: a program's string test
    // `{"string": p, "matcher": ID}` names one (a LIKE pattern, a regex: whatever the engine's own
    // code decides). All four are NULL for an engine whose programs name none; then such a test is
    // an error. The host calls them from any thread, concurrently, but one evaluator from one
    // thread at a time.

    /// A new evaluator for matcher `id`: per-thread scratch (regex match data), or NULL when the
    /// engine knows no such id.
    void *(*matcher_evaluator)(void *context, uint64_t id);
    /// Whether the UTF-8 `subject` (`length` bytes, not NUL-terminated) matches: 1 yes, 0 no, -1
    /// an error, with `*error` set to NUL-terminated JSON `{"kind":…,"message":…}` (the kinds of
    /// a compile error) that the host releases with `free_result`. `deadline_ns`: the query's
    /// deadline in CLOCK_MONOTONIC nanoseconds, 0 for none; work inside one long subject should
    /// stop there with kind "limit".
    int32_t (*matcher_test)(void *evaluator, const char *subject, size_t length, uint64_t deadline_ns, char **error);
    void (*matcher_evaluator_free)(void *evaluator);
    /// The host holds no program naming matcher `id` any more: each id a compile reply named is
    /// released exactly once, also when the reply is refused.
    void (*matcher_release)(void *context, uint64_t id);

    /// Prints a search path in the engine's syntax (SelectorEngine.render). `program` (UTF-8,
    /// `length` bytes, not NUL-terminated) is the path as a program (Docs/PluginProgramJSON.md):
    /// axis steps `descendants` or `children` from the document, a sort, and at most one pick.
    /// Returns NUL-terminated JSON, `{"selector":…}`, `{"cannotSay":…}` (the part the language
    /// cannot say) or `{}` (no printer), released with `free_result`; NULL when the engine has no
    /// printer at all. Called from any thread, concurrently.
    char *(*render)(void *context, const char *program, size_t length);
} vs_plugin_engine;

/// Read access to one node of the host's tree, valid only during a predicate call. String
/// accessors copy at most `capacity` bytes into `buffer` and return the full length in bytes, or
/// -1 when the node has no such value (snprintf style: call again with a larger buffer).
typedef struct vs_plugin_node {
    const void *tree;
    int32_t node;
    int64_t (*class_name)(const void *tree, int32_t node, char *buffer, size_t capacity);
    int32_t (*is_kind)(const void *tree, int32_t node, const char *class_name);
    int64_t (*string_property)(const void *tree, int32_t node, const char *name, char *buffer, size_t capacity);
    /// 1 and `*value` set when the node has a number (or boolean) there, else 0.
    int32_t (*number_property)(const void *tree, int32_t node, const char *name, double *value);
} vs_plugin_node;

/// A custom predicate: selectors call it by `name` (e.g. Shelley's `hasBadge:`).
typedef struct vs_plugin_predicate {
    const char *name;
    /// Number of arguments, or -1 for any.
    int32_t arity;
    void *context;
    /// Nonzero when the node passes. `arguments_json` is a JSON array. Called concurrently.
    int32_t (*test)(void *context, const vs_plugin_node *node, const char *arguments_json);
} vs_plugin_predicate;

typedef struct vs_plugin_host {
    /// Never moves: the version of this contract the host speaks.
    uint32_t host_api_version;
    /// Never moves: written by the plug-in before anything else.
    uint32_t plugin_api_version;
    void *context;
    /// VS_PLUGIN_OK, or VS_PLUGIN_FAILED with the reason recorded by the host.
    int32_t (*register_engine)(void *context, const vs_plugin_engine *engine);
    int32_t (*register_predicate)(void *context, const vs_plugin_predicate *predicate);
    /// Records why registration failed (UTF-8, NUL-terminated), then return VS_PLUGIN_FAILED.
    void (*fail)(void *context, const char *message);
} vs_plugin_host;

typedef int32_t (*vs_plugin_entry_point)(vs_plugin_host *host);

#endif
