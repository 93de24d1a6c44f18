package com.burstline.agent;

/** Lets the server's cancel call reach what a running measurement started: iperf3's process or the engine's thread. */
final class Cancellation {
    private volatile boolean cancelled;
    private volatile Runnable stop;

    void attach(Runnable stopper) {
        this.stop = stopper;
        if (cancelled) {
            stopper.run();
        }
    }

    void cancel() {
        cancelled = true;
        Runnable stopper = stop;
        if (stopper != null) {
            stopper.run();
        }
    }

    boolean isCancelled() {
        return cancelled;
    }
}
