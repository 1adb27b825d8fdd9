// libcurl, the system's HTTP library (the one FoundationNetworking wraps on Linux), for
// todo-sync's transport: its header, and non-variadic forms of the variadic calls, which Swift
// cannot make.
#include <curl/curl.h>

static inline CURLcode todo_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode todo_curl_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode todo_curl_setopt_write(CURL *handle, curl_write_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}

static inline CURLcode todo_curl_setopt_header(CURL *handle, curl_write_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
}

static inline CURLcode todo_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode todo_curl_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline const curl_version_info_data *todo_curl_version(void) {
    return curl_version_info(CURLVERSION_NOW);
}
