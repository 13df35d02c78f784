"""Results where the group talks (SPEC section 12): its destinations, the outbox written with
each write that made something happen, and the worker that delivers it."""
