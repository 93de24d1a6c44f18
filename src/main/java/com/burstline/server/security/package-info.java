/**
 * Who may do what. People sign in with a user name and password (users table, adaptive hashes) or an API token;
 * programs send {@code Authorization: Bearer <token>}: the bootstrap {@code burstline.api-token} (admin) or a named
 * token with a role. Roles are viewer, operator, admin ({@link com.burstline.server.security.Role}); what each
 * endpoint needs is in {@link com.burstline.server.security.AccessRules}. Agents enroll with the agent token and then
 * speak only with their own secret, only for themselves ({@link com.burstline.server.security.AgentIdentity}).
 */
package com.burstline.server.security;
