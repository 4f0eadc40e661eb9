#include "archive/zip_archive.h"

#include <zip.h>

#include <stdexcept>

namespace assetscope::archive {

namespace {

[[noreturn]] void fail(const std::string& what, zip_t* archive, zip_source_t* buffer) {
    const std::string message = "writeZip: " + what + ": " + zip_strerror(archive);
    zip_discard(archive);
    zip_source_free(buffer);
    throw std::runtime_error(message);
}

// libzip writes nothing for an archive without entries; readers expect the 22-byte end record.
Bytes emptyArchive() {
    Bytes out(22, 0);
    out[0] = 'P';
    out[1] = 'K';
    out[2] = 5;
    out[3] = 6;
    return out;
}

Bytes drain(zip_source_t* source) {
    zip_stat_t st;
    zip_stat_init(&st);
    if (zip_source_open(source) < 0) throw std::runtime_error("writeZip: cannot reopen the buffer");
    if (zip_source_stat(source, &st) < 0 || !(st.valid & ZIP_STAT_SIZE)) {
        zip_source_close(source);
        throw std::runtime_error("writeZip: cannot size the buffer");
    }
    Bytes out(static_cast<std::size_t>(st.size));
    std::size_t done = 0;
    while (done < out.size()) {
        const zip_int64_t got = zip_source_read(source, out.data() + done, out.size() - done);
        if (got <= 0) break;
        done += static_cast<std::size_t>(got);
    }
    zip_source_close(source);
    if (done != out.size()) throw std::runtime_error("writeZip: short read from the buffer");
    return out;
}

} // namespace

Bytes writeZip(const std::vector<ZipInput>& entries, bool deflate) {
    if (entries.empty()) return emptyArchive();
    zip_error_t zerr;
    zip_error_init(&zerr);
    zip_source_t* buffer = zip_source_buffer_create(nullptr, 0, 0, &zerr);
    if (!buffer) {
        zip_error_fini(&zerr);
        throw std::runtime_error("writeZip: cannot create a buffer");
    }
    zip_source_keep(buffer); // still needed after zip_close to read the result
    zip_t* archive = zip_open_from_source(buffer, ZIP_TRUNCATE, &zerr);
    zip_error_fini(&zerr);
    if (!archive) {
        zip_source_free(buffer);
        zip_source_free(buffer);
        throw std::runtime_error("writeZip: cannot open the buffer");
    }
    for (const auto& input : entries) {
        zip_int64_t index = -1;
        if (!input.name.empty() && input.name.back() == '/' && input.data.empty()) {
            index = zip_dir_add(archive, input.name.c_str(), ZIP_FL_ENC_UTF_8);
        } else {
            // The inputs outlive zip_close, so libzip may read them in place.
            zip_source_t* data = zip_source_buffer(archive, input.data.data(), input.data.size(), 0);
            if (!data) fail("cannot add " + input.name, archive, buffer);
            index = zip_file_add(archive, input.name.c_str(), data, ZIP_FL_ENC_UTF_8);
            if (index < 0) {
                zip_source_free(data);
                fail("cannot add " + input.name, archive, buffer);
            }
            const zip_int32_t method = deflate ? ZIP_CM_DEFLATE : ZIP_CM_STORE;
            if (zip_set_file_compression(archive, static_cast<zip_uint64_t>(index), method, 9) < 0)
                fail("cannot set compression of " + input.name, archive, buffer);
        }
        if (index < 0) fail("cannot add " + input.name, archive, buffer);
        if (input.unixMode != 0 &&
            zip_file_set_external_attributes(archive, static_cast<zip_uint64_t>(index), 0, ZIP_OPSYS_UNIX,
                                             input.unixMode << 16) < 0)
            fail("cannot set attributes of " + input.name, archive, buffer);
    }
    if (zip_close(archive) < 0) {
        const std::string message = std::string("writeZip: ") + zip_strerror(archive);
        zip_discard(archive);
        zip_source_free(buffer);
        throw std::runtime_error(message);
    }
    Bytes out = drain(buffer);
    zip_source_free(buffer);
    return out;
}

} // namespace assetscope::archive
