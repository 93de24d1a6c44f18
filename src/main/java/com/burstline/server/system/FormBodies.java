package com.burstline.server.system;

import org.apache.catalina.core.ApplicationPart;
import org.apache.tomcat.util.http.fileupload.FileItem;
import org.apache.tomcat.util.http.fileupload.FileUpload;
import org.apache.tomcat.util.http.fileupload.FileUploadException;
import org.apache.tomcat.util.http.fileupload.UploadContext;
import org.apache.tomcat.util.http.fileupload.disk.DiskFileItemFactory;
import org.apache.tomcat.util.http.fileupload.impl.FileSizeLimitExceededException;
import org.apache.tomcat.util.http.fileupload.impl.SizeLimitExceededException;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Takes a form's body apart as the container would: URL-encoded fields (strictly: a bad %-escape is refused, not
 * skipped with an exception in the log), or a multipart body's fields and files, the files kept on disk as the
 * container keeps them. Either is read through its deadline ({@link BodyDeadline}).
 */
final class FormBodies {
    /** At most as many parts as a page of ours sends files: the container's own default limit. */
    private static final int MAX_PARTS = 50;

    private FormBodies() {
    }

    /** A body the form parsers cannot take apart: 400 (413 when too large). */
    static final class Unreadable extends Exception {
        private final int status;

        Unreadable(int status, String message) {
            super(message);
            this.status = status;
        }

        int status() {
            return status;
        }
    }

    static Map<String, List<String>> urlEncoded(byte[] body) throws Unreadable {
        Map<String, List<String>> fields = new LinkedHashMap<>();
        String text = new String(body, StandardCharsets.ISO_8859_1);
        if (text.isEmpty()) {
            return fields;
        }
        String problem = QueryEncoding.problem(text);
        if (problem != null) {
            throw new Unreadable(400, "The form's body cannot be decoded: " + problem + ".");
        }
        for (String pair : text.split("&")) {
            if (!pair.isEmpty()) {
                int equals = pair.indexOf('=');
                String name = decode(equals < 0 ? pair : pair.substring(0, equals));
                fields.computeIfAbsent(name, n -> new ArrayList<>()).add(equals < 0 ? "" : decode(pair.substring(equals + 1)));
            }
        }
        return fields;
    }

    private static String decode(String value) {
        return java.net.URLDecoder.decode(value, StandardCharsets.UTF_8);
    }

    /**
     * @param fields filled with the body's text fields
     * @return the body's parts (its files and fields), files over {@code fileSizeMax} refused with 413
     */
    static List<ApplicationPart> multipart(String contentType, String encoding, long contentLength, InputStream body,
                                           long fileSizeMax, File repository, Map<String, List<String>> fields)
            throws Unreadable, IOException {
        FileUpload upload = new FileUpload();
        upload.setFileItemFactory(new DiskFileItemFactory(64 * 1024, repository));
        upload.setFileSizeMax(fileSizeMax);
        upload.setSizeMax(fileSizeMax);
        upload.setFileCountMax(MAX_PARTS);
        List<FileItem> items;
        try {
            items = upload.parseRequest(new UploadContext() {
                @Override
                public long contentLength() {
                    return contentLength;
                }

                @Override
                public String getCharacterEncoding() {
                    return encoding;
                }

                @Override
                public String getContentType() {
                    return contentType;
                }

                @Override
                public InputStream getInputStream() {
                    return body;
                }
            });
        } catch (FileSizeLimitExceededException | SizeLimitExceededException tooLarge) {
            throw new Unreadable(413, "A file of this upload is larger than the " + fileSizeMax + " bytes allowed "
                    + "(burstline.max-upload-size); nothing was stored.");
        } catch (FileUploadException e) {
            for (Throwable cause = e; cause != null; cause = cause.getCause()) {
                if (cause instanceof DeadlineInputStream.Expired late) {
                    throw late;
                }
            }
            throw new Unreadable(400, "The upload's multipart/form-data body cannot be read (" + e.getMessage()
                    + "); nothing was stored. Choose the files on the upload page again.");
        }
        if (items.isEmpty()) {
            throw new Unreadable(400, "The upload's multipart/form-data body has no part with the boundary its "
                    + "Content-Type names; nothing was stored. Choose the files on the upload page again.");
        }
        List<ApplicationPart> parts = new ArrayList<>();
        for (FileItem item : items) {
            if (item.isFormField()) {
                fields.computeIfAbsent(item.getFieldName(), n -> new ArrayList<>()).add(text(item));
            }
            parts.add(new ApplicationPart(item, repository));
        }
        return parts;
    }

    private static String text(FileItem item) throws Unreadable {
        try {
            return item.getString(StandardCharsets.UTF_8.name());
        } catch (IOException e) {
            throw new Unreadable(400, "A field of the upload cannot be read: " + e.getMessage());
        }
    }
}
