"""A sheet for any game (SPEC section 10): designs as data, and the one engine that scores them."""
