/**
 * Whether the database can write: readiness health from a real write, and 503 "storage unavailable" answers when a
 * write fails, never 201 and never 500.
 */
package com.burstline.server.storage;
