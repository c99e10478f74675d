// The parts of libxml2 that JUnitReporter uses: the streaming writer, the
// parser (well-formedness and merging) and XML Schema validation.
//
// Debian's libxml2 is built with ICU, and its encoding.h then includes the
// system ICU headers, whose types clash with the copy of ICU inside
// Foundation. JUnitReporter never touches ICU converters (only pointers to
// encoding handlers), so the ICU part of the headers is switched off here.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlwriter.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlreader.h>
