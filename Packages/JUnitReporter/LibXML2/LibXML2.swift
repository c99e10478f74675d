// libxml2 for JUnitReporter, from wherever the system keeps it: on Apple's
// systems the SDK's own `libxml2` module (Xcode ships its headers and
// library, so a Mac needs nothing else); on Linux the CLibXML2 system
// library, found through pkg-config `libxml-2.0` (Debian's libxml2-dev).
#if canImport(libxml2)
    @_exported import libxml2
#else
    @_exported import CLibXML2
#endif
