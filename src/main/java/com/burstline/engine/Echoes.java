package com.burstline.engine;

/** The server's answering side of a request/response test: echoes every request until closed. */
interface Echoes extends AutoCloseable {
    /** Requests answered so far. */
    long served();

    /** Stops answering and waits until its threads are gone; closing twice changes nothing. */
    @Override
    void close();
}
