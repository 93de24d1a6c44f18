package com.burstline.server.storage;

/** The write was not tried: the embedded database's disk is down to its reserve. */
public class StorageFullException extends RuntimeException {
    StorageFullException() {
        super("the data dir's disk is down to its reserve (burstline.storage.min-free-space)");
    }
}
