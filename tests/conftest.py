"""Suite-wide settings: message catalogues are strict, so a missing translation fails a test
instead of quietly falling back to English."""

from engine.i18n import Catalogue

Catalogue.strict = True
