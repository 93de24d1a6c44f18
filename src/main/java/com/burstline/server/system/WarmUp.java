package com.burstline.server.system;

/**
 * Code a fresh server would otherwise run for the first time on a job's path (between one scenario's end and the
 * next one's start), run once at start instead, on a background thread ({@link StartupWarmUps}). A warm-up stores
 * nothing and changes nothing: it reads real samples and throws away what it made.
 */
public interface WarmUp {
    /** What it warms, for the log ("result intake"). */
    String name();

    void warmUp() throws Exception;
}
