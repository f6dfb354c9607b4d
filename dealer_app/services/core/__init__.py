"""What the services and the reports both build on, importing neither: the value types
(``types``), the error tree (``errors``), the checks and the audit row every act shares
(``common``), atomic file writes (``files``), floor calls (``calls``), the evidence
fingerprints (``fingerprint``), the dealers' stints (``stints``) and the hand list's SQL
filters (``hand_filters``). The services' top modules and ``services.reports`` import this
package; it imports only the engine, the storage and the app's words, so the imports
between the three go one way (issue 22.5). The old paths (``services.types`` ...) still
import the same names."""
