/**
 * iperf3's data model and the parser for its JSON output ({@code -J} and {@code --json-stream}).
 *
 * <p>Plain Java on purpose: the agent and, later, the native protocol engine use this package without Spring.
 * {@code ArchitectureTest} guards that border.
 */
package com.burstline.iperf;
