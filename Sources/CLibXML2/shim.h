// The system libxml2, as HTMLQuery uses it: the HTML parser, the tree and XPath.
#include <libxml/xmlversion.h>
// Foundation ships its own ICU; libxml2's ICU declarations would clash with it.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

// `xmlFree` is a global function pointer, which Swift 6 sees as shared mutable state; calling it through a
// function keeps that out of Swift.
static inline void htmlquery_free(void *pointer) { xmlFree(pointer); }
