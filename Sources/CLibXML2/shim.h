// libxml2's SAX2 push parser, for the XML loaders (HierarchyFormats/XMLEvents.swift). Only the
// headers they use: the parser context and SAX2 handler types, and the structured error record.
#ifndef VIEWSELECTORS_CLIBXML2_SHIM_H
#define VIEWSELECTORS_CLIBXML2_SHIM_H

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/dict.h>
#include <libxml/xmlerror.h>

#endif
