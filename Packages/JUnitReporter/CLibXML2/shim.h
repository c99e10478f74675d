// The parts of libxml2 that JUnitReporter uses: the streaming writer, the
// parser (well-formedness and merging) and XML Schema validation.
#include <libxml/xmlwriter.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlreader.h>
