/**
 * Several servers on one database: each server's identity, its row among the servers that share the database, and
 * the notifications they send each other through PostgreSQL's LISTEN/NOTIFY (on the embedded H2, one server only,
 * notifications stay inside the process).
 */
package com.burstline.server.cluster;
